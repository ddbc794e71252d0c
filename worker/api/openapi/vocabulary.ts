import type { Role } from "../../../shared/enums.ts";
import { componentName, type Ref } from "../route-doc.ts";

/** Small shared vocabulary of the API reference: value patterns, security, role names, sentences. See ADR 015. */

const ROLE_NAMES: Record<Role, string> = { owner: "dono", admin: "administrador", staff: "equipe", professional: "profissional" };

export const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
export const INSTANT_PATTERN = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$";
export const MONEY_TEXT_PATTERN = "^(R\\$ ?)?(\\d{1,3}(\\.\\d{3})+|\\d+)(,\\d{1,2})?$";
export const TEL_PATTERN = "^[0-9()+. -]{10,20}$";
export const CEP_PATTERN = "^\\d{5}-?\\d{3}$";
export const CNPJ_PATTERN = "^[0-9A-Za-z]{2}\\.?[0-9A-Za-z]{3}\\.?[0-9A-Za-z]{3}/?[0-9A-Za-z]{4}-?\\d{2}$";
export const CPF_CNPJ_PATTERN = "^[0-9A-Za-z][0-9A-Za-z./ -]{10,19}$";
export const BARCODE_PATTERN = "^\\d{13}$";
export const CURSOR_PATTERN = "^[A-Za-z0-9_-]+$";

export const BEARER = [{ bearer: [] }];
export const PUBLIC: Record<string, string[]>[] = [];

export const responseRef = (name: string): Ref => ({ $ref: `#/components/responses/${name}` });

export function camel(api: string): string {
  const p = componentName(api);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

export function sentence(parts: (string | undefined | false | null)[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p.trim().length > 0).join(" ");
}

/** "dono, administrador". */
export function roleList(roles: readonly Role[]): string {
  return roles.map((r) => ROLE_NAMES[r]).join(", ");
}

/** "Permitido para: dono, administrador." (or nobody). */
export function rolesText(roles: readonly Role[]): string {
  return roles.length ? `Permitido para: ${roleList(roles)}.` : "Nenhum papel pode chamar esta operação.";
}
