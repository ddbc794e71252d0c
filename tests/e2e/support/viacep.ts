/**
 * The CEPs the e2e fake ViaCEP (started in global-setup.ts, what the Worker's VIACEP_BASE_URL
 * points at) treats specially. Known addresses are `VIACEP_FIXTURES` in tests/fakes/viacep-server.ts.
 */
export const E2E_CEPS = {
  /** Answers after 3 s, past the app's 2 s timeout: as if ViaCEP were unreachable. */
  slow: "30130010",
  /** Answers 500: ViaCEP down. */
  failing: "40020000",
  /** Well-formed, but ViaCEP says `{ "erro": "true" }`. */
  unknown: "99999999",
} as const;
