import { defineEnum } from "../define-enum.ts";

/** The account's lists: business segments, membership roles, colour modes. */

export const SEGMENT = defineEnum({
  imobiliaria: { label: "Imobiliária" },
  corretor: { label: "Corretor(a) autônomo(a)" },
  comercio: { label: "Comércio" },
  servicos: { label: "Serviços" },
});
export const SEGMENTS = SEGMENT.values;
export type Segment = (typeof SEGMENTS)[number];

/** Roles of a membership; what each may do is the permission table (shared/permissions.ts). */
export const ROLE = defineEnum({
  owner: { label: "Dono(a)" },
  admin: { label: "Administrador(a)" },
  staff: { label: "Equipe" },
  professional: { label: "Profissional" },
});
export const ROLES = ROLE.values;
export type Role = (typeof ROLES)[number];

export const COLOR_MODES = ["system", "light", "dark"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
