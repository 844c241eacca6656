-- Tiny Epic Mechs: the Global script. The table framework (glue.table) runs the table with
-- the game's parts (tem.table.spec).

require("glue.table").run(require("tem.table.spec")())
