import type { AccountDiagnosis, CheckStatus } from "../../../shared/social/diagnosis-views.ts";

/** The social diagnostics' results, one card per account (the screens /test-facebook and /test-social-integration). */

const BADGE: Record<CheckStatus, { label: string; className: string; icon: string }> = {
  ok: { label: "OK", className: "bg-ok-soft text-ok", icon: "✓" },
  warn: { label: "Atenção", className: "bg-accent-soft text-accent", icon: "!" },
  fail: { label: "Problema", className: "bg-danger-soft text-danger", icon: "✕" },
};

const NETWORK_LABEL = { facebook: "Página do Facebook", instagram: "Conta do Instagram" } as const;

/** "Nenhum problema", "2 problemas": what a screen reader hears first. */
export function problemCount(accounts: readonly AccountDiagnosis[]): number {
  return accounts.reduce((n, a) => n + a.checks.filter((c) => c.status === "fail").length, 0);
}

export function DiagnosisSummary({ accounts }: { accounts: readonly AccountDiagnosis[] }) {
  const failed = problemCount(accounts);
  return (
    <p role="status" className={`mb-4 text-sm font-semibold ${failed ? "text-danger" : "text-ok"}`}>
      {failed === 0 ? "Nenhum problema encontrado." : failed === 1 ? "1 verificação com problema." : `${failed} verificações com problema.`}
    </p>
  );
}

/** `nested`: under a section's h2 (the account is an h3, each check an h4). */
export function DiagnosisCards({ accounts, nested = false }: { accounts: readonly AccountDiagnosis[]; nested?: boolean }) {
  const Account = nested ? "h3" : "h2";
  const Check = nested ? "h4" : "h3";
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {accounts.map((account) => (
        <li key={account.id} className="min-w-0 rounded-xl border border-line bg-surface p-5 shadow-sm">
          <Account className="font-semibold break-words">{account.nome}</Account>
          <p className="text-xs text-fg-soft">
            {NETWORK_LABEL[account.rede]}
            {account.demo ? " · demonstração" : ""}
          </p>
          <ul className="mt-3 space-y-3" aria-label={`Verificações de ${account.nome}`}>
            {account.checks.map((check) => (
              <li key={check.id} className="text-sm">
                <div className="flex items-start justify-between gap-3">
                  <Check className="font-medium">{check.label}</Check>
                  <span
                    className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[check.status].className}`}
                  >
                    <span aria-hidden="true">{BADGE[check.status].icon}</span>
                    {BADGE[check.status].label}
                  </span>
                </div>
                <p className={`mt-1 break-words ${check.status === "fail" ? "text-danger" : "text-fg-soft"}`}>{check.summary}</p>
                {check.code ? <p className="mt-0.5 text-xs text-fg-soft">Código da Meta: {check.code}</p> : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
