import type { SocialNetwork } from "../../shared/enums/social.ts";
import { dayIn, instantIn } from "../../shared/time-zone.ts";
import { BUSINESS_CAPTIONS, type CaptionProperty, propertyCaption } from "./demo-captions.ts";
import type { Rng } from "./demo-random.ts";

/**
 * What the demo's social calendar holds, decided before anything is written (pure, seeded): a
 * month of published posts, one that failed on Instagram and two weeks scheduled (the drafts and
 * posts waiting for approval are demo-posts.ts'), at believable local times of the organização's zone; most from the imóveis (a cover or a
 * carousel of their photos), the rest the business's own tips on the Facebook Page.
 */

const DAY = 86_400_000;

export type DemoPostKind = "publicado" | "falhou" | "agendado" | "rascunho" | "aguardando_aprovacao";

export interface DemoListing extends CaptionProperty {
  id: string;
  /** Its photos in order (cover first): id, storage key and caption. */
  photos: { id: string; chave: string; legenda: string | null }[];
}

export interface PlannedPost {
  kind: DemoPostKind;
  /** When it went out, failed, or goes (a draft's proposed time). */
  at: Date;
  caption: string;
  listing: DemoListing | null;
  /**
   * The images it carries, in order: one (the cover) or a carousel of 3–5 of the imóvel's photos;
   * or post images (id null, `chave` a post image key: the generated art of demo-art-posts.ts).
   */
  photos: { id: string | null; chave: string; legenda: string | null }[];
  /** Made from a record's page or /gerar-postagem ("imovel"); unset for the older demo posts. */
  origem?: "imovel";
  networks: SocialNetwork[];
  /** Instagram's first attempt met a transient error and the job tried again. */
  retried: boolean;
}

/** Days (from today, in the zone) of the published posts: about every other day for a month. */
const PUBLISHED_DAYS = [-30, -28, -26, -25, -23, -21, -19, -18, -16, -14, -12, -11, -9, -7, -5, -4, -2, -1];
const FAILED_DAY = -3;
const SCHEDULED_DAYS = [1, 2, 3, 5, 6, 8, 10, 12, 13];
/** When a small imobiliária posts: morning, lunch and evening, when people scroll. */
const TIMES = ["09:00", "11:30", "12:30", "18:00", "19:00", "20:30"];
/** The published post whose Instagram publication needed a second attempt. */
const RETRIED_INDEX = 8;

/** The first scheduled post goes a quarter of an hour after the seed, on a round five minutes: a newcomer sees it publish. */
export function firstSlot(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + 15 * 60_000) / 300_000) * 300_000);
}

function localAt(now: Date, zone: string, days: number, time: string): Date {
  return instantIn(dayIn(now.getTime() + days * DAY, zone), time, zone);
}

export function planDemoPosts(rng: Rng, listings: readonly DemoListing[], now: Date, zone: string): PlannedPost[] {
  const queue = rng.shuffle(listings.filter((l) => l.photos.length > 0));
  let next = 0;
  const takeListing = (): DemoListing | null => (queue.length ? (queue[next++ % queue.length] as DemoListing) : null);
  let tip = 0;
  const plan = (kind: DemoPostKind, at: Date, business: boolean, index: number): PlannedPost => {
    const listing = business ? null : takeListing();
    if (!listing) {
      const caption = BUSINESS_CAPTIONS[tip++ % BUSINESS_CAPTIONS.length] as string;
      return { kind, at, caption, listing: null, photos: [], networks: ["facebook"], retried: false };
    }
    const carousel = listing.photos.length >= 3 && rng.chance(0.5);
    const photos = carousel ? listing.photos.slice(0, Math.min(listing.photos.length, rng.int(3, 5))) : listing.photos.slice(0, 1);
    // Most go to both networks; some only to Instagram, where listings do best.
    const networks: SocialNetwork[] = index % 5 === 4 ? ["instagram"] : ["facebook", "instagram"];
    return { kind, at, caption: propertyCaption(rng, listing), listing, photos, networks, retried: false };
  };
  const posts: PlannedPost[] = [];
  PUBLISHED_DAYS.forEach((days, i) => {
    const post = plan("publicado", localAt(now, zone, days, rng.pick(TIMES)), i % 3 === 1, i);
    post.retried = i === RETRIED_INDEX && post.networks.includes("instagram");
    posts.push(post);
  });
  // The failure: a listing to both networks; Facebook went out, Instagram could not fetch the image.
  const failed = plan("falhou", localAt(now, zone, FAILED_DAY, "10:00"), false, 0);
  posts.push({ ...failed, networks: ["facebook", "instagram"] });
  posts.push(plan("agendado", firstSlot(now), false, 0));
  SCHEDULED_DAYS.forEach((days, i) => {
    posts.push(plan("agendado", localAt(now, zone, days, rng.pick(TIMES)), i % 4 === 2, i + 1));
  });
  return posts;
}

/** The numbers Meta's insights would give a neighbourhood imobiliária (about 1,200 followers). */
export interface DemoMetrics {
  alcance: number;
  curtidas: number;
  comentarios: number;
  compartilhamentos: number;
  salvamentos: number | null;
}

/**
 * Believable, seeded metrics: Instagram reaches more than the Page, a carousel more than one
 * photo, a listing more than a tip, and a post of the last two days is still growing.
 */
export function demoMetrics(rng: Rng, network: SocialNetwork, post: PlannedPost, now: Date): DemoMetrics {
  const ageDays = (now.getTime() - post.at.getTime()) / DAY;
  const growing = Math.min(1, 0.45 + ageDays * 0.2);
  const base = network === "instagram" ? rng.int(380, 1_400) : rng.int(140, 700);
  const boost = (post.photos.length > 1 ? 1.3 : 1) * (post.listing ? 1 : 0.75);
  const alcance = Math.round(base * boost * growing);
  const rate = network === "instagram" ? 0.035 + rng.next() * 0.05 : 0.02 + rng.next() * 0.03;
  return {
    alcance,
    curtidas: Math.max(1, Math.round(alcance * rate)),
    comentarios: rng.int(0, network === "instagram" ? 12 : 6),
    compartilhamentos: rng.int(0, post.listing ? 14 : 6),
    salvamentos: network === "instagram" ? rng.int(1, post.photos.length > 1 ? 28 : 15) : null,
  };
}
