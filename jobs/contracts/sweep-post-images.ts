import { defineContract } from "../define.ts";

/**
 * Every night (03:30 in Brasília), the images uploaded for posts that no post holds are removed
 * (worker/services/social/post-images.ts): an upload sweeps its own organização, this catches
 * the organizações nobody uploaded to since. Bounded per run; a second run finds nothing to do.
 */
export const sweepPostImagesJob = defineContract({
  id: "sweep-post-images",
  cron: "TZ=America/Sao_Paulo 30 3 * * *",
  retries: 2,
});
