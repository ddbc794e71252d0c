/**
 * What Instagram accepts of an image, and the crop that makes a photo fit it. Pure and
 * client-safe: the browser crops with it when it makes a JPEG for publishing (at upload, and for
 * a post whose carousel needs another ratio); the server checks the size it answers. ADR 042.
 *
 * Instagram takes JPEG only, at most 8 MB, with an aspect ratio (width ÷ height) from 4 : 5
 * (portrait) to 1.91 : 1 (landscape); a carousel shows every slide at the first slide's ratio.
 */

export interface Size {
  width: number;
  height: number;
}

/** A rectangle inside an image, in its pixels. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const INSTAGRAM_MIN_RATIO = 4 / 5;
export const INSTAGRAM_MAX_RATIO = 1.91;
export const INSTAGRAM_MAX_BYTES = 8 * 1024 * 1024;

/** The publishing JPEG: Instagram's own feed width, never enlarged past the photo's. */
export const PUBLISH_WIDTH = 1080;
export const PUBLISH_QUALITY = 0.85;

/** `ratio` held inside Instagram's range. */
export function clampRatio(ratio: number): number {
  return Math.min(INSTAGRAM_MAX_RATIO, Math.max(INSTAGRAM_MIN_RATIO, ratio));
}

/** The ratio a single photo is published at: its own, clamped. */
export function instagramRatio(size: Size): number {
  return clampRatio(size.width / size.height);
}

/**
 * The largest centred rectangle of `size` at `ratio`, in whole pixels: the full photo when it
 * already has that ratio (to the pixel), else the sides (too wide) or top and bottom (too tall)
 * cut evenly.
 */
export function centerCrop(size: Size, ratio: number): Crop {
  const { width, height } = size;
  if (Math.round(height * ratio) >= width) {
    // Too tall (or exact): keep the width, cut height.
    const h = Math.min(height, Math.max(1, Math.round(width / ratio)));
    return { x: 0, y: Math.floor((height - h) / 2), width, height: h };
  }
  const w = Math.min(width, Math.max(1, Math.round(height * ratio)));
  return { x: Math.floor((width - w) / 2), y: 0, width: w, height };
}

/** The JPEG's own size from a crop: PUBLISH_WIDTH wide at most (never enlarged), height in proportion. */
export function outputSize(crop: Crop): Size {
  const width = Math.min(PUBLISH_WIDTH, crop.width);
  return { width, height: Math.max(1, Math.round((crop.height * width) / crop.width)) };
}

export interface PublishPlan {
  crop: Crop;
  output: Size;
}

/** How a photo of `size` becomes its publishing JPEG at `ratio` (by default its own, clamped). */
export function publishPlan(size: Size, ratio: number = instagramRatio(size)): PublishPlan {
  const crop = centerCrop(size, clampRatio(ratio));
  return { crop, output: outputSize(crop) };
}

/**
 * A post's slides: every one at the first slide's clamped ratio (what Instagram does to a
 * carousel), each centred. An empty list answers an empty one.
 */
export function carouselPlans(sizes: readonly Size[]): PublishPlan[] {
  const first = sizes[0];
  if (!first) return [];
  const ratio = instagramRatio(first);
  return sizes.map((size) => publishPlan(size, ratio));
}

/**
 * Whether an image of `size` is shown at `ratio` without a cut: within one pixel of rounding.
 * A stored publishing JPEG that fits the post's ratio is published as it is; one that does not
 * is made again by the browser with `carouselPlans`.
 */
export function fitsRatio(size: Size, ratio: number): boolean {
  return Math.abs(size.height * ratio - size.width) <= 1 && Math.abs(size.width / ratio - size.height) <= 1;
}
