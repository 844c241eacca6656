-- Go Fish: the Global script. The table framework (glue.table) runs the table with the
-- game's parts (gofish.table.spec).

require("glue.table").run(require("gofish.table.spec")())
