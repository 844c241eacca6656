# The two commands a newcomer types: `make mod` (builds every game with a table) and `make test`.
# Each one (re)creates .venv with the project installed (editable) when it is missing or when
# pyproject.toml changed since it was made, so a fresh clone needs nothing but Python >= 3.11.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: mod test soak real lint clean

mod: $(STAMP)
	@for game in $$($(BIN)/ttsmod games --ids --tables); do \
		echo "$(BIN)/ttsmod build $$game"; $(BIN)/ttsmod build $$game || exit 1; \
	done

# The real-interpreter tests (tests/test_interpreter.py) run too wherever a MoonSharp DLL is
# found (../shared/moonsharp, or TTSMOD_MOONSHARP): pythonnet is installed for them then.
test: $(STAMP) lint
	@dll="$${TTSMOD_MOONSHARP:-../shared/moonsharp/MoonSharp.Interpreter.dll}"; \
	if [ -f "$$dll" ] && ! $(BIN)/python -c 'import pythonnet' 2>/dev/null; then \
		echo "$(BIN)/python -m pip install -e '.[test,moonsharp]'  (a MoonSharp DLL is at $$dll)"; \
		$(BIN)/python -m pip install --quiet -e '.[test,moonsharp]'; \
	fi
	$(BIN)/python -m pytest -q -n auto --maxprocesses 4

# The long runs CI leaves out: every seeded game of the UI checks (Mechs 40, not 7 and 3 rare
# ones; Galaxies 60, not 8, and 12 games for the rare features, not 2).
soak: $(STAMP)
	TTSMOD_SOAK=1 $(BIN)/python -m pytest -q -n auto --maxprocesses 4 tests/test_tem_table.py \
		tests/test_table.py tests/test_panels_after_rewinds.py

# The table on a real MoonSharp alone (docs/moonsharp.md; `make test` runs these too when it
# finds the DLL): make real [MOONSHARP=path/to/MoonSharp.Interpreter.dll]
MOONSHARP ?= ../shared/moonsharp/MoonSharp.Interpreter.dll
real: $(STAMP)
	@test -f "$(MOONSHARP)" || { echo "give MOONSHARP=PATH, PATH a MoonSharp.Interpreter.dll"; exit 2; }
	$(BIN)/python -m pip install --quiet -e '.[test,moonsharp]'
	TTSMOD_MOONSHARP="$(MOONSHARP)" $(BIN)/python -m pytest -q tests/test_interpreter.py

lint: $(STAMP)
	$(BIN)/ruff check generator tests benchmarks
	$(BIN)/ruff format --check generator tests benchmarks

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "ttsmod needs Python >= 3.11 as '$(PYTHON)' (try: make PYTHON=python3.11 ...)"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

clean:
	rm -rf build $(VENV)
