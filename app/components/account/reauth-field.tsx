import { Field } from "../ui/form.tsx";

/**
 * "Confirme sua senha": the password typed again in the same submit as a protected action
 * (team changes, LGPD erase; ADR 019). Shown when the page's loader says the last one is older
 * than the window; the server checks either way.
 */
export function ReauthField({ error, label = "Confirme sua senha", hint }: { error?: string | undefined; label?: string; hint?: string }) {
  return (
    <Field label={label} name="senha" type="password" autoComplete="current-password" required maxLength={200} hint={hint} error={error} />
  );
}

export const REAUTH_HINT = "Por segurança, pedimos sua senha de novo antes desta mudança (vale por 10 minutos).";
