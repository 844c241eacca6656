-- Liar's Dice: the Global script. The table framework (glue.table) runs the table with the
-- game's parts (liars.table.spec).

require("glue.table").run(require("liars.table.spec")())
