import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** The browser e2e uses: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function hasCommand(cmd: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

/**
 * Makes sure a Chromium exists for playwright-core. Order: CHROMIUM_PATH / /usr/bin/chromium;
 * as root with apt-get, `apt-get install -y chromium`; else playwright-core's own download.
 * Returns the executable path or throws saying exactly what is missing.
 */
export function ensureChromium(log: (msg: string) => void = console.log): string {
  const wanted = chromiumPath();
  if (existsSync(wanted)) return wanted;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
  if (isRoot() && hasCommand("apt-get")) {
    log("Chromium não encontrado: instalando com apt-get (apt-get update && apt-get install -y chromium)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    const install =
      update.status === 0
        ? spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { stdio: "inherit", env })
        : update;
    if (install.status === 0 && existsSync(wanted)) return wanted;
    log("apt-get não instalou o chromium; tentando o download do playwright-core…");
  }
  const cli = spawnSync(process.execPath, ["node_modules/playwright-core/cli.js", "install", "chromium"], { stdio: "inherit" });
  if (cli.status === 0) {
    const found = spawnSync(process.execPath, ["-e", "import('playwright-core').then(m=>console.log(m.chromium.executablePath()))"], {
      encoding: "utf8",
    });
    const exe = found.stdout.trim();
    if (exe && existsSync(exe)) {
      process.env.CHROMIUM_PATH = exe;
      return exe;
    }
  }
  throw new Error(
    `No Chromium for the e2e tests: ${wanted} does not exist, ${isRoot() ? "" : "not root so apt-get was not tried, "}and playwright-core could not download one. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium/Chrome executable.`,
  );
}

if (import.meta.main) {
  console.log(ensureChromium());
}
