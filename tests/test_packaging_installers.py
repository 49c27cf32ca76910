"""The installer recipes, checked on Linux without building anything: the icon set, the spec's executables, the
.deb's desktop entry, the Inno Setup script, the macOS recipe, the CI workflow, install.sh/install.ps1, and
that the README's commands are the ones the scripts run."""
import configparser
import importlib.util
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
ICONS = REPO / "assets" / "icons"
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def _contents():
    spec = importlib.util.spec_from_file_location("bundle_contents", PACKAGING / "bundle_contents.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_icon_set_exists_and_holds_the_sizes_each_system_uses():
    ico, icns = (ICONS / "keigo.ico").read_bytes(), (ICONS / "keigo.icns").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and icns[:4] == b"icns"
    pil = pytest.importorskip("PIL.Image")
    with pil.open(ICONS / "keigo.ico") as im:
        assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= set(im.info["sizes"])
    with pil.open(ICONS / "keigo.icns") as im:
        assert im.format == "ICNS" and im.size[0] >= 256
        im.load()
    with pil.open(ICONS / "keigo.png") as im:
        assert im.size == (256, 256)


def test_icon_for_each_system_and_a_missing_icon_stops_the_build(tmp_path):
    c = _contents()
    assert c.icon_for(REPO, "win32") == ICONS / "keigo.ico"
    assert c.icon_for(REPO, "darwin") == ICONS / "keigo.icns"
    assert c.icon_for(REPO, "linux") is None
    with pytest.raises(FileNotFoundError, match="make_icons"):
        c.icon_for(tmp_path, "win32")
    assert c.windowed_for("win32") and c.windowed_for("darwin") and not c.windowed_for("linux")
    assert c.app_version(REPO) == VERSION


def test_spec_builds_a_console_keigo_and_a_windowed_keigow_and_the_app_bundle():
    src = (PACKAGING / "keigo.spec").read_text(encoding="utf-8")
    compile(src, "keigo.spec", "exec")
    assert re.search(r'name="keigo", console=True', src), "the CLI executable must be a console program"
    assert re.search(r'name="keigow", console=False', src), "the windowed app executable"
    assert "windowed_for(sys.platform)" in src and "icon_for(repo, sys.platform)" in src
    assert 'BUNDLE(' in src and 'name="Keigo.app"' in src and "MACOS_BUNDLE_ID" in src
    assert "training_excludes(repo)" in src


def test_desktop_entry_has_an_absolute_exec_and_an_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PACKAGING / "keigo.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Terminal"] == "false"
    exe, *args = d["Exec"].split()
    assert exe == "/opt/keigo/keigo" and args == ["gui", "%F"], "absolute path; `keigo FILE` is not a command"
    assert d["TryExec"] == exe
    assert d["Icon"] == "keigo"  # build_deb.sh installs hicolor/256x256/apps/keigo.png
    if shutil.which("desktop-file-validate"):
        r = subprocess.run(["desktop-file-validate", str(PACKAGING / "keigo.desktop")], capture_output=True,
                           text=True, check=False)
        assert r.returncode == 0, r.stdout + r.stderr


def test_build_deb_lays_out_opt_bin_menu_and_icon_and_depends_on_qt_libraries():
    src = (PACKAGING / "build_deb.sh").read_text(encoding="utf-8")
    for piece in ('ln -s /opt/keigo/keigo "$root/usr/bin/keigo"', "usr/share/applications/keigo.desktop",
                  "usr/share/icons/hicolor/256x256/apps/keigo.png", "debian_packages([\"xcb\"])",
                  "dpkg-deb --root-owner-group", "Depends: libc6 (>= $glibc), $qt_deps"):
        assert piece in src, piece
    assert "curl" not in src and "wget" not in src and "apt-get install -" not in src, "the .deb is built offline"


def test_build_deb_refuses_a_folder_that_is_not_a_bundle(tmp_path):
    r = subprocess.run(["bash", str(PACKAGING / "build_deb.sh"), str(tmp_path), str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 1 and "not a PyInstaller bundle" in r.stderr
    assert not list(tmp_path.glob("out/*.deb"))


def _iss_sections():
    text = (PACKAGING / "keigo.iss").read_text(encoding="utf-8")
    sections, current = {}, None
    for line in text.splitlines():
        m = re.fullmatch(r"\[(\w+)\]", line.strip())
        if m:
            current = m.group(1)
            sections.setdefault(current, [])
        elif current and line.strip() and not line.lstrip().startswith(";"):
            sections[current].append(line)
    return text, sections


def test_inno_setup_script_is_complete():
    text, sec = _iss_sections()
    assert {"Setup", "Tasks", "Files", "Icons", "Code"} <= set(sec)
    assert f'#define AppVersion "{VERSION}"' in text, "keep the installer's version with pyproject.toml"
    setup = dict(line.split("=", 1) for line in sec["Setup"])
    assert setup["SetupIconFile"] == r"..\assets\icons\keigo.ico" and (ICONS / "keigo.ico").is_file()
    assert setup["ChangesEnvironment"] == "yes" and setup["PrivilegesRequired"] == "lowest"
    assert setup["OutputDir"] == r"..\dist"
    assert any(line.startswith('Name: "addtopath"') and "unchecked" in line for line in sec["Tasks"])
    assert any(r'Source: "..\dist\keigo\*"' in line and "recursesubdirs" in line for line in sec["Files"])
    assert any(r"{app}\keigow.exe" in line for line in sec["Icons"]), "the menu starts the windowed app"
    code = "\n".join(sec["Code"])
    assert "WizardIsTaskSelected('addtopath')" in code and "AddToPath" in code and "RemoveFromPath" in code
    assert r"{app}\keigo.exe" in code and "--self-test" in code and "GetCustomSetupExitCode" in code
    # Pascal: every begin has its end (case/try blocks are not used in this script)
    assert len(re.findall(r"\bbegin\b", code)) == len(re.findall(r"\bend\b", code))


def test_macos_recipe_makes_and_tests_the_dmg():
    src = (PACKAGING / "build_macos.sh").read_text(encoding="utf-8")
    for piece in ("hdiutil create", "hdiutil attach", "smoke_test.sh \"$mnt/Keigo.app/Contents/MacOS/keigo\"",
                  "codesign --force --deep --sign -", "ln -s /Applications"):
        assert piece in src, piece
    r = subprocess.run(["bash", str(PACKAGING / "build_macos.sh"), "--skip-build"], capture_output=True, text=True,
                       timeout=30, check=False, cwd=REPO)
    if sys.platform != "darwin":
        assert r.returncode == 1 and "needs macOS" in r.stderr


def test_workflow_builds_and_smoke_tests_on_each_system():
    yaml = pytest.importorskip("yaml")
    wf = yaml.safe_load((REPO / ".github" / "workflows" / "packaging.yml").read_text(encoding="utf-8"))
    jobs = wf["jobs"]
    assert {j["runs-on"] for j in jobs.values()} == {"ubuntu-24.04", "windows-latest", "macos-latest"}
    runs = {name: "\n".join(s.get("run", "") for s in job["steps"]) for name, job in jobs.items()}
    assert all(job["timeout-minutes"] <= 90 for job in jobs.values())
    linux = runs["linux-deb"]
    order = [linux.index(x) for x in ("packaging/build.sh", "packaging/build_deb.sh", "dpkg -i",
                                      "smoke_test.sh /usr/bin/keigo", "dpkg -r keigo")]
    assert order == sorted(order), "build, package, install, smoke-test, remove"
    win = runs["windows"]
    assert "packaging\\keigo.iss" in win and "/TASKS=addtopath" in win and "smoke_test.sh" in win and "unins000" in win
    assert "packaging/build_macos.sh" in runs["macos"]
    for script in set(re.findall(r"packaging/[\w.]+\.(?:sh|iss)", "\n".join(runs.values()))):
        assert (REPO / script).is_file(), script


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize("script", ["install.sh", ".ci/run"])
def test_install_and_ci_scripts_parse(script):
    r = subprocess.run(["bash", "-n", str(REPO / script)], capture_output=True, text=True, timeout=30, check=False)
    assert r.returncode == 0, r.stderr


def test_install_sh_options(tmp_path):
    r = subprocess.run(["bash", str(REPO / "install.sh"), "--help"], capture_output=True, text=True, timeout=30,
                       check=False)
    assert r.returncode == 0 and "Usage: ./install.sh" in r.stdout and "--train" in r.stdout
    r = subprocess.run(["bash", str(REPO / "install.sh"), "--bogus"], capture_output=True, text=True, timeout=30,
                       check=False)
    assert r.returncode == 2 and "unknown option --bogus" in r.stderr
    # a source that is neither a checkout nor a wheel is refused before anything is installed
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "KEIGO_VENV": str(tmp_path / "venv"),
           "PYTHON": sys.executable}
    r = subprocess.run(["bash", str(REPO / "install.sh"), "--no-start", str(tmp_path)], capture_output=True,
                       text=True, timeout=120, check=False, env=env)
    assert r.returncode == 2 and "neither a checkout" in r.stderr, r.stderr
    assert not (tmp_path / ".local" / "bin" / "keigo").exists()


def test_cpu_torch_instruction_uses_pytorch_cpu_index():
    cpu = "torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu"
    pins = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert "torch==2.13.0" in pins["train"], "keep the CPU instruction's pin with the train extra"
    for f in ("README.md", "install.sh", ".ci/run", "keigo/cli.py"):
        text = (REPO / f).read_text(encoding="utf-8")
        assert cpu in text, f
        # no bare `pip install torch==...` on Linux without the CPU index
        assert not re.search(r"pip install (-q )?torch==[\d.]+\s*(`|$|\))", text.split("else")[0], re.MULTILINE), f


def test_readme_commands_are_the_scripts():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(.*?)```", readme, re.DOTALL)
    assert "./install.sh\n" in blocks and "powershell -ExecutionPolicy Bypass -File install.ps1\n" in blocks
    assert "bash .ci/run\n" in blocks
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().endswith('"$python" -m pytest -q'), "the test command runs the whole suite, quietly"
    from keigo.qt_check import debian_packages

    apt = next(b for b in blocks if b.startswith("sudo apt-get install"))
    assert set(debian_packages(["xcb"])) <= set(apt.replace("\\", " ").split()), "README's apt line is incomplete"
    assert "python3-venv" in apt


def test_install_ps1_mirrors_install_sh():
    ps = (REPO / "install.ps1").read_text(encoding="utf-8")
    for piece in ("-m venv", r"Scripts\python.exe", "-m pip install", r"Scripts\keigo.exe", "[switch]$NoStart",
                  "sys.version_info < (3, 11)"):
        assert piece in ps, piece
