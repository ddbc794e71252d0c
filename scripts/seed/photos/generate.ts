/**
 * Makes the demo business's property photos: 12 ray-traced scenes (rooms, façades, a pool and a
 * balcony, written as POV-Ray scenes in `scenes/`, lit by the sky and the sun with radiosity), so
 * the demo looks like a real listing rather than clip-art, and no photograph's licence is involved.
 * Each scene is rendered once at RENDER (4 : 3) and encoded as WebP at every PHOTO_WIDTHS size into
 * `public/media/demo/<name>/<width>.webp`; only those files are committed (see ADR 038).
 *
 * Why `public/`: the demo photos' keys are `demo/<name>`, so `photoUrl` points at
 * `/media/demo/<name>/<width>.webp`, which the static assets serve (in `npm start`, e2e and
 * production alike) before the Worker is asked: the seed, which runs in Node before the Worker
 * starts, needs no R2 at all. Run again only to change the pictures (a few minutes per interior):
 *   apt-get install povray povray-includes webp
 *   npm run photos:demo [-- sala-1 piscina-1]      (no names: all of them)
 * `-- --png=DIR` keeps the renders in DIR and reuses those already there: to re-encode (another
 * quality) without rendering again, or to spread the scenes over several runs.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PHOTO_WIDTHS } from "../../../shared/real-estate/photo-url.ts";
import { DEMO_PHOTOS, type DemoPhoto } from "./names.ts";

const OUT = path.resolve(import.meta.dirname, "../../../public/media/demo");
const SCENES = path.resolve(import.meta.dirname, "scenes");
const POV_INCLUDE = "/usr/share/povray-3.7/include";
/**
 * Rendered size: the 1024 size (the gallery) at its own pixels; 1600 × 1200 would take about
 * 2.5 times as long (radiosity) for the zoom size alone, which is enlarged from this instead and
 * reads as a camera's own softness.
 */
const RENDER = { width: 1024, height: 768 } as const;
/**
 * WebP quality per width: small sizes (cards, phones) carry less detail per pixel, so they keep
 * more quality; the 1600 size (zoom) takes the most bytes and is shown the least.
 */
const QUALITY: Record<number, number> = { 320: 85, 640: 82, 1024: 78, 1600: 70 };

function need(tool: string, pkg: string): void {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    throw new Error(`${tool} não encontrado: instale com \`apt-get install ${pkg}\``);
  }
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} saiu com ${code}\n${err}`))));
  });
}

/** Renders one scene to PNG; its seed comes from names.ts so the scene files hold no numbers of their own. */
async function render(photo: DemoPhoto, work: string): Promise<string> {
  const png = path.join(work, `${photo.name}.png`);
  if (existsSync(png)) return png;
  await run("povray", [
    `+I${path.join(SCENES, `${photo.name}.pov`)}`,
    `+O${png}`,
    `+W${RENDER.width}`,
    `+H${RENDER.height}`,
    "+A0.2",
    "+AM2",
    "+R3",
    "-D",
    "+WT1",
    `+L${SCENES}`,
    `+L${POV_INCLUDE}`,
    `Declare=Seed=${photo.seed}`,
  ]);
  return png;
}

async function encode(photo: DemoPhoto, png: string): Promise<number> {
  const dir = path.join(OUT, photo.name);
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (const width of PHOTO_WIDTHS) {
    const file = path.join(dir, `${width}.webp`);
    const height = Math.round((width * RENDER.height) / RENDER.width);
    await run("cwebp", [
      "-quiet",
      "-q",
      String(QUALITY[width]),
      "-m",
      "6",
      "-sharp_yuv",
      "-af",
      "-resize",
      String(width),
      String(height),
      png,
      "-o",
      file,
    ]);
    bytes += statSync(file).size;
  }
  return bytes;
}

function fail(name: string): never {
  throw new Error(`${name} não é uma foto de demonstração (veja names.ts)`);
}

async function main(): Promise<void> {
  need("povray", "povray povray-includes");
  need("cwebp", "webp");
  const args = process.argv.slice(2);
  const kept = args.find((a) => a.startsWith("--png="))?.slice("--png=".length);
  const only = args.filter((a) => !a.startsWith("--"));
  const photos = only.length ? only.map((name) => DEMO_PHOTOS.find((p) => p.name === name) ?? fail(name)) : [...DEMO_PHOTOS];
  const work = kept ? path.resolve(kept) : mkdtempSync(path.join(tmpdir(), "demo-photos-"));
  mkdirSync(work, { recursive: true });
  console.log(`renderizando em ${work}`);
  // Two scenes at a time, one thread each: the machine has 2 cores.
  const queue = [...photos];
  const sizes: Record<string, number> = {};
  await Promise.all(
    [0, 1].map(async () => {
      for (let photo = queue.shift(); photo; photo = queue.shift()) {
        const started = Date.now();
        sizes[photo.name] = await encode(photo, await render(photo, work));
        console.log(`${photo.name}: ${Math.round((sizes[photo.name] ?? 0) / 1024)} kB em ${Math.round((Date.now() - started) / 1000)} s`);
      }
    }),
  );
  const total = DEMO_PHOTOS.reduce(
    (sum, p) => sum + PHOTO_WIDTHS.reduce((s, w) => s + statSync(path.join(OUT, p.name, `${w}.webp`)).size, 0),
    0,
  );
  console.log(`${DEMO_PHOTOS.length} fotos de demonstração em ${path.relative(process.cwd(), OUT)} (${Math.round(total / 1024)} kB)`);
}

await main();
