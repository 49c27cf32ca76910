# Installs Keigo from this checkout (or a wheel/sdist) into its own virtual environment and starts the app:
# the Windows twin of install.sh. Usage (PowerShell, from the checkout):
#   powershell -ExecutionPolicy Bypass -File install.ps1 [-Train] [-Gpu] [-Dev] [-NoStart] [-Source PATH]
# Environment: KEIGO_VENV (default %USERPROFILE%\.keigo), PYTHON (default: the py launcher's Python 3).
param([switch]$Train, [switch]$Gpu, [switch]$Dev, [switch]$NoStart, [string]$Source = $PSScriptRoot)
$ErrorActionPreference = "Stop"
$venv = if ($env:KEIGO_VENV) { $env:KEIGO_VENV } else { Join-Path $env:USERPROFILE ".keigo" }
$python = if ($env:PYTHON) { @($env:PYTHON) } elseif (Get-Command py -ErrorAction SilentlyContinue) { @("py", "-3") } else { @("python") }
$pyExe = $python[0]; $pyArgs = @($python | Select-Object -Skip 1)
$extras = @("gui")
if ($Train) { $extras += "train" }  # on Windows PyPI's torch wheel is the CPU build
if ($Gpu) { $extras += "gpu" }
if ($Dev) { $extras += "dev" }

& $pyExe @pyArgs -c "import sys; sys.exit(sys.version_info < (3, 11))"
if ($LASTEXITCODE -ne 0) { Write-Error "Keigo needs Python 3.11 or newer (https://www.python.org/downloads/)"; exit 1 }
$vpy = Join-Path $venv "Scripts\python.exe"
if (-not (Test-Path $vpy)) {
    Write-Host "install.ps1: creating the virtual environment $venv"
    & $pyExe @pyArgs -m venv $venv
    if ($LASTEXITCODE -ne 0) { Write-Error "could not create $venv"; exit 1 }
}
if ($Source -match '\.(whl|tar\.gz|zip)$') {
    $spec = "keigo[$($extras -join ',')] @ " + ([System.Uri](Resolve-Path $Source).Path).AbsoluteUri
} else {
    if (-not (Test-Path (Join-Path $Source "pyproject.toml"))) { Write-Error "$Source is neither a checkout of Keigo nor a wheel/sdist"; exit 2 }
    $spec = "$Source[$($extras -join ',')]"
}
Write-Host "install.ps1: installing $spec"
& $vpy -m pip install --disable-pip-version-check $spec
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
$keigo = Join-Path $venv "Scripts\keigo.exe"
Write-Host "install.ps1: installed: $(& $keigo --version)  ($keigo; add $(Join-Path $venv 'Scripts') to PATH to run keigo anywhere)"
if (-not $NoStart) { & $keigo; exit $LASTEXITCODE }
