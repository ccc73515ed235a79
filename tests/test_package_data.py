"""The built package ships every data file the code reads (content versions, translations), and
the content loader finds them there: a missing glob would only show on an installed bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "db", "engine", "render")


def test_the_build_ships_every_json_and_toml_file_and_the_loader_reads_them(tmp_path: Path) -> None:
    egg, out = tmp_path / "egg", tmp_path / "lib"
    egg.mkdir()
    build = [sys.executable, "-c", "import setuptools; setuptools.setup()", "-q"]
    build += ["egg_info", "--egg-base", str(egg), "build_py", "--build-lib", str(out)]
    done = subprocess.run(build, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr

    data = [p.relative_to(ROOT) for package in PACKAGES for p in (ROOT / package).rglob("*.*")]
    data = [p for p in data if p.suffix in (".json", ".toml") and "__pycache__" not in p.parts]
    assert any(p.parts[0] == "engine" and p.suffix == ".json" for p in data)
    missing = [str(p) for p in data if not (out / p).is_file()]
    assert missing == []

    # The built engine alone (-S: no site-packages, so not the development checkout) loads its content.
    probe = "from engine.runarch import cards; print(cards.__file__); print(cards.LIBRARY.versions())"
    loaded = subprocess.run(
        [sys.executable, "-S", "-c", probe], cwd=out, capture_output=True, text=True, timeout=60, check=False
    )
    assert loaded.returncode == 0, loaded.stderr
    where, versions = loaded.stdout.split()
    assert Path(where).resolve().is_relative_to(out.resolve()) and versions == "(1,)"
