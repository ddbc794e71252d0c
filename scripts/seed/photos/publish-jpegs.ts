/**
 * Makes the demo photos' publishing JPEGs (ADR 042): `public/media/demo/<name>/publish.jpg`, the
 * size `publishPlan` gives a 1600 × 1200 photo (1080 × 810), from the committed 1600 px WebP, at
 * the browser's quality (0.85), sRGB. Only the outputs are committed (about 1 MB for the 12); run
 * again after `npm run photos:demo` changes a picture:
 *   npm run photos:demo-publish [-- sala-1 piscina-1]      (no names: all of them)
 * It uses `sharp`, which miniflare (a dev dependency) installs; nothing else (CI, the seed, the
 * tests) runs it.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { PUBLISH_FILE } from "../../../shared/real-estate/photo-url.ts";
import { PUBLISH_QUALITY, publishPlan } from "../../../shared/social/instagram-media.ts";
import { DEMO_PHOTOS } from "./names.ts";

const DIR = path.resolve(import.meta.dirname, "../../../public/media/demo");
/** Every demo photo's stored size (scripts/seed/demo-photos.ts). */
export const DEMO_PHOTO_SIZE = { width: 1600, height: 1200 } as const;

const { default: sharp } = await import("sharp");
const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const photos = wanted.length ? DEMO_PHOTOS.filter((p) => wanted.includes(p.name)) : DEMO_PHOTOS;
const { crop, output } = publishPlan(DEMO_PHOTO_SIZE);
for (const photo of photos) {
  const out = path.join(DIR, photo.name, PUBLISH_FILE);
  await sharp(path.join(DIR, photo.name, `${DEMO_PHOTO_SIZE.width}.webp`))
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(output.width, output.height, { kernel: "lanczos3" })
    .toColourspace("srgb")
    .jpeg({ quality: Math.round(PUBLISH_QUALITY * 100), mozjpeg: true })
    .toFile(out);
  console.log(`${photo.name}: ${output.width} × ${output.height}, ${statSync(out).size} bytes`);
}
