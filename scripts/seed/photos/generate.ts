/**
 * Makes the demo business's property photos: 12 tasteful, procedurally drawn scenes (rooms and
 * façades: gradients and shapes, no photographs, so no licence question), each encoded as WebP
 * by Chromium's canvas at every PHOTO_WIDTHS size, into `public/media/demo/<name>/<width>.webp`.
 *
 * Why `public/`: the demo photos' keys are `demo/<name>`, so `photoUrl` points at
 * `/media/demo/<name>/<width>.webp`, which the static assets serve (in `npm start`, e2e and
 * production alike) before the Worker is asked: the seed, which runs in Node before the Worker
 * starts, needs no R2 at all. Run again only to change the pictures:
 *   npx node scripts/seed/photos/generate.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../lib/browser.ts";
import { PHOTO_WIDTHS } from "../../../shared/real-estate/photo-url.ts";
import { DEMO_PHOTOS } from "./names.ts";

const OUT = path.resolve(import.meta.dirname, "../../../public/media/demo");

/** Runs in the page: draws scene `kind` with seed `seed` on a 1600×1200 canvas. */
function draw(kind: string, seed: number): string {
  let state = seed >>> 0;
  const rnd = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const W = 1600;
  const H = 1200;
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  const c = canvas.getContext("2d") as CanvasRenderingContext2D;
  const lin = (x0: number, y0: number, x1: number, y1: number, stops: [number, string][]) => {
    const g = c.createLinearGradient(x0, y0, x1, y1);
    for (const [o, col] of stops) g.addColorStop(o, col);
    return g;
  };
  const box = (x: number, y: number, w: number, h: number, fill: string | CanvasGradient, r = 0) => {
    c.fillStyle = fill;
    c.beginPath();
    c.roundRect(x, y, w, h, r);
    c.fill();
  };
  const walls = ["#efe6da", "#e4ece8", "#f1ebe3", "#e8e4ef", "#f3efe6"];
  const woods = ["#b88a5e", "#9c7048", "#c9a27a", "#8a6a4f"];
  const accents = ["#0f6e66", "#c1693c", "#3d5a80", "#8a9a5b", "#b5838d"];
  const wall = walls[Math.floor(rnd() * walls.length)] as string;
  const wood = woods[Math.floor(rnd() * woods.length)] as string;
  const accent = accents[Math.floor(rnd() * accents.length)] as string;
  const room = (floorY: number) => {
    box(
      0,
      0,
      W,
      floorY,
      lin(0, 0, 0, floorY, [
        [0, "#ffffff"],
        [1, wall],
      ]),
    );
    box(
      0,
      floorY,
      W,
      H - floorY,
      lin(0, floorY, 0, H, [
        [0, wood],
        [1, "#5b4636"],
      ]),
    );
    c.strokeStyle = "rgba(0,0,0,0.08)";
    c.lineWidth = 3;
    for (let i = -8; i <= 8; i++) {
      c.beginPath();
      c.moveTo(W / 2 + i * 40, floorY);
      c.lineTo(W / 2 + i * 260, H);
      c.stroke();
    }
    // Window with sky and light.
    const wx = 120 + rnd() * 300;
    box(wx - 12, 140, 440, 420, "#ffffff", 6);
    box(
      wx,
      152,
      416,
      396,
      lin(0, 152, 0, 548, [
        [0, "#8ec5ff"],
        [1, "#dff0ff"],
      ]),
    );
    box(wx + 204, 152, 8, 396, "#ffffff");
    c.fillStyle = "rgba(255,255,240,0.18)";
    c.beginPath();
    c.moveTo(wx, 548);
    c.lineTo(wx + 416, 548);
    c.lineTo(wx + 700, H);
    c.lineTo(wx + 100, H);
    c.fill();
    // Plant.
    const px = 1380 - rnd() * 120;
    box(px, floorY - 150, 110, 150, "#d9d2c5", 12);
    c.fillStyle = "#4f7f4a";
    for (let i = 0; i < 9; i++) {
      c.beginPath();
      c.ellipse(px + 55 + (rnd() - 0.5) * 120, floorY - 200 - rnd() * 160, 28, 70, (rnd() - 0.5) * 1.4, 0, Math.PI * 2);
      c.fill();
    }
  };
  if (kind === "sala") {
    room(760);
    box(520, 560, 700, 220, accent, 28);
    box(540, 470, 660, 130, accent, 26);
    box(560, 600, 300, 110, "rgba(255,255,255,0.18)", 20);
    box(880, 600, 300, 110, "rgba(255,255,255,0.18)", 20);
    box(640, 860, 460, 40, "#3b2f27", 10);
    box(700, 900, 20, 80, "#3b2f27");
    box(1020, 900, 20, 80, "#3b2f27");
    box(660, 260, 240, 170, "#f5efe4", 4);
    box(
      676,
      276,
      208,
      138,
      lin(676, 276, 884, 414, [
        [0, accent],
        [1, "#f2c57c"],
      ]),
    );
  } else if (kind === "quarto") {
    room(780);
    box(560, 420, 600, 220, "#6b5444", 16);
    box(520, 600, 700, 240, "#f7f4ef", 18);
    box(520, 700, 700, 140, accent, 18);
    box(580, 560, 220, 90, "#ffffff", 30);
    box(940, 560, 220, 90, "#ffffff", 30);
    box(1240, 640, 140, 160, "#8c6b52", 8);
    box(1270, 560, 80, 80, "#f2d49b", 40);
  } else if (kind === "cozinha") {
    room(820);
    box(0, 520, W, 300, "#ffffff");
    box(0, 500, W, 30, "#3f3f3f");
    for (let x = 40; x < W; x += 260) box(x, 560, 230, 230, "#f4f1ec", 6);
    box(0, 180, W, 200, "#ffffff");
    for (let x = 40; x < W; x += 260) box(x, 190, 230, 180, accent, 6);
    box(620, 420, 360, 80, "#9aa3ad", 8);
    box(1180, 420, 60, 80, "#cfd8dc", 30);
  } else if (kind === "banheiro") {
    box(
      0,
      0,
      W,
      H,
      lin(0, 0, 0, H, [
        [0, "#f7f7f5"],
        [1, "#dfe3e3"],
      ]),
    );
    c.strokeStyle = "rgba(0,0,0,0.07)";
    c.lineWidth = 3;
    for (let x = 0; x < W; x += 100) {
      c.beginPath();
      c.moveTo(x, 0);
      c.lineTo(x, H);
      c.stroke();
    }
    for (let y = 0; y < H; y += 100) {
      c.beginPath();
      c.moveTo(0, y);
      c.lineTo(W, y);
      c.stroke();
    }
    box(200, 620, 700, 220, "#ffffff", 20);
    box(200, 600, 700, 40, wood, 10);
    box(
      420,
      220,
      300,
      340,
      lin(420, 220, 720, 560, [
        [0, "#cfe3ea"],
        [1, "#f4fbfd"],
      ]),
      150,
    );
    box(1050, 160, 360, 760, "rgba(180,215,230,0.35)", 8);
    box(1220, 200, 20, 300, "#9aa3ad", 6);
  } else if (kind === "varanda") {
    box(
      0,
      0,
      W,
      700,
      lin(0, 0, 0, 700, [
        [0, "#6fb1ff"],
        [1, "#e8f4ff"],
      ]),
    );
    c.fillStyle = "#8aa1b8";
    for (let x = 0; x < W; x += 120 + rnd() * 80) {
      const h = 150 + rnd() * 350;
      c.fillRect(x, 700 - h, 90 + rnd() * 60, h);
    }
    box(
      0,
      700,
      W,
      500,
      lin(0, 700, 0, H, [
        [0, wood],
        [1, "#6d533e"],
      ]),
    );
    c.fillStyle = "rgba(255,255,255,0.8)";
    c.fillRect(0, 560, W, 16);
    for (let x = 0; x < W; x += 70) c.fillRect(x, 560, 10, 160);
    box(300, 780, 360, 40, "#3b2f27", 10);
    box(860, 740, 220, 170, accent, 26);
    box(1120, 740, 220, 170, accent, 26);
  } else if (kind === "fachada" || kind === "casa") {
    box(
      0,
      0,
      W,
      H,
      lin(0, 0, 0, H, [
        [0, "#5aa7ff"],
        [0.7, "#d7ecff"],
        [1, "#d7ecff"],
      ]),
    );
    c.fillStyle = "rgba(255,255,255,0.85)";
    for (let i = 0; i < 4; i++) {
      c.beginPath();
      c.ellipse(200 + rnd() * 1200, 120 + rnd() * 200, 120 + rnd() * 80, 40, 0, 0, Math.PI * 2);
      c.fill();
    }
    box(0, 980, W, 220, "#7aa35a");
    box(0, 1020, W, 180, "#9a9a96");
    if (kind === "fachada") {
      const x0 = 420;
      box(
        x0,
        180,
        760,
        840,
        lin(x0, 0, x0 + 760, 0, [
          [0, wall],
          [1, "#cfc6b8"],
        ]),
        4,
      );
      for (let y = 230; y < 940; y += 110) {
        for (let x = x0 + 50; x < x0 + 720; x += 140)
          box(
            x,
            y,
            90,
            70,
            lin(0, y, 0, y + 70, [
              [0, "#9cc8ef"],
              [1, "#4d7ea8"],
            ]),
            3,
          );
        box(x0, y + 80, 760, 10, "rgba(0,0,0,0.12)");
      }
      box(x0 + 300, 930, 160, 90, "#3b2f27");
    } else {
      box(360, 560, 880, 440, wall, 6);
      c.fillStyle = accent;
      c.beginPath();
      c.moveTo(300, 580);
      c.lineTo(800, 300);
      c.lineTo(1300, 580);
      c.fill();
      box(720, 760, 160, 240, wood, 6);
      box(440, 680, 200, 160, "#9cc8ef", 4);
      box(960, 680, 200, 160, "#9cc8ef", 4);
    }
    c.fillStyle = "#3f6b3a";
    for (const tx of [180, 1420]) {
      box(tx - 15, 760, 30, 260, "#5b4636");
      c.beginPath();
      c.ellipse(tx, 720, 130, 170, 0, 0, Math.PI * 2);
      c.fill();
    }
  } else {
    // "piscina": the leisure area.
    box(
      0,
      0,
      W,
      560,
      lin(0, 0, 0, 560, [
        [0, "#5aa7ff"],
        [1, "#e0f0ff"],
      ]),
    );
    box(0, 560, W, 640, "#e9e1d3");
    box(
      240,
      700,
      1120,
      380,
      lin(0, 700, 0, 1080, [
        [0, "#46c3d6"],
        [1, "#1c8fb0"],
      ]),
      30,
    );
    c.strokeStyle = "rgba(255,255,255,0.45)";
    c.lineWidth = 6;
    for (let i = 0; i < 8; i++) {
      c.beginPath();
      const y = 740 + rnd() * 300;
      c.moveTo(300 + rnd() * 400, y);
      c.quadraticCurveTo(600 + rnd() * 300, y - 20, 900 + rnd() * 400, y);
      c.stroke();
    }
    box(1200, 420, 240, 200, accent, 20);
    box(160, 600, 260, 60, "#ffffff", 20);
  }
  // A soft vignette, as a wide lens would show.
  const v = c.createRadialGradient(W / 2, H / 2, H * 0.4, W / 2, H / 2, H);
  v.addColorStop(0, "rgba(0,0,0,0)");
  v.addColorStop(1, "rgba(0,0,0,0.25)");
  c.fillStyle = v;
  c.fillRect(0, 0, W, H);
  return canvas.toDataURL("image/png");
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  let total = 0;
  for (const photo of DEMO_PHOTOS) {
    const sizes = await page.evaluate(
      async ({ source, kind, seed, widths }) => {
        const png = (new Function(`return (${source})`)() as (k: string, s: number) => string)(kind, seed);
        const image = new Image();
        image.src = png;
        await image.decode();
        const out: Record<number, string> = {};
        for (const w of widths) {
          const canvas = document.createElement("canvas");
          canvas.width = w;
          canvas.height = Math.round((image.height * w) / image.width);
          const c = canvas.getContext("2d") as CanvasRenderingContext2D;
          c.imageSmoothingQuality = "high";
          c.drawImage(image, 0, 0, canvas.width, canvas.height);
          out[w] = canvas.toDataURL("image/webp", 0.72).split(",")[1] as string;
        }
        return out;
      },
      { source: draw.toString(), kind: photo.kind, seed: photo.seed, widths: [...PHOTO_WIDTHS] },
    );
    const dir = path.join(OUT, photo.name);
    mkdirSync(dir, { recursive: true });
    for (const [w, b64] of Object.entries(sizes)) {
      const bytes = Buffer.from(b64, "base64");
      total += bytes.byteLength;
      writeFileSync(path.join(dir, `${w}.webp`), bytes);
    }
  }
  await browser.close();
  console.log(`${DEMO_PHOTOS.length} fotos de demonstração em ${path.relative(process.cwd(), OUT)} (${Math.round(total / 1024)} kB)`);
}

await main();
