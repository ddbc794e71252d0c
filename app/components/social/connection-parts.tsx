import { Form, useNavigation, useSearchParams } from "react-router";
import { SOCIAL_ACCOUNT_STATUS, type SocialAccountStatus } from "../../../shared/enums.ts";
import { FACEBOOK_PERMISSIONS, INSTAGRAM_PERMISSIONS, type PermissionCheck } from "../../../shared/social/meta-permissions.ts";
import type { TokenHealth } from "../../../shared/social/meta-tokens.ts";
import { formatDateTimeIn } from "../../../shared/time-zone.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { TONE_CLASS } from "../data/rows.tsx";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";

/** The pieces every connection screen shares: the demo banner, status, permissions, token expiry, connect and disconnect. */

export function DemoBanner({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="mb-6">
      <Alert>
        <strong>Modo demonstração — não é a Meta.</strong> Esta instalação fala com o simulador local do Alicerce: Páginas, contas e posts
        são de demonstração e nada chega ao Facebook ou ao Instagram de verdade.
      </Alert>
    </div>
  );
}

export function StatusBadge({ status, demo }: { status: SocialAccountStatus; demo?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={TONE_CLASS[SOCIAL_ACCOUNT_STATUS.tone(status)]}>{SOCIAL_ACCOUNT_STATUS.labels[status]}</span>
      {demo ? <span className={TONE_CLASS.purple}>Demonstração</span> : null}
    </span>
  );
}

const HEALTH_TEXT: Record<TokenHealth | "sem_token", string> = {
  sem_expiracao: "Não expira",
  ok: "Válido",
  expira_em_breve: "Expira em breve",
  expirado: "Expirado",
  sem_token: "Sem acesso",
};

/** "Válido até 25/01/2027 às 10:00" in the organização's zone, or what is wrong. */
export function TokenExpiry({
  expiraEm,
  saude,
  refreshable,
}: {
  expiraEm: string | null;
  saude: TokenHealth | "sem_token";
  refreshable: boolean;
}) {
  const zone = useTimeZone();
  const when = expiraEm ? formatDateTimeIn(expiraEm, zone) : null;
  const tone = saude === "expirado" || saude === "sem_token" ? "red" : saude === "expira_em_breve" ? "yellow" : "green";
  return (
    <p className="text-sm">
      <span className={TONE_CLASS[tone]}>{HEALTH_TEXT[saude]}</span>{" "}
      {saude === "sem_expiracao" ? (
        <span className="text-fg-soft">O acesso das Páginas não expira enquanto você não o remover.</span>
      ) : when ? (
        <span className="text-fg-soft">
          {saude === "expirado" ? `Expirou em ${when}.` : `Válido até ${when}.`}{" "}
          {refreshable
            ? "O Alicerce renova sozinho antes de vencer."
            : "A Meta não deixa renovar sem você: avisaremos 7 dias antes para reconectar."}
        </span>
      ) : null}
    </p>
  );
}

export function PermissionList({ permissoes }: { permissoes: PermissionCheck[] }) {
  return (
    <ul className="divide-y divide-line text-sm" aria-label="Permissões pedidas à Meta">
      {permissoes.map((p) => (
        <li key={p.scope} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-2">
          <span className="min-w-0">
            <span className="block">{p.what[0]?.toUpperCase() + p.what.slice(1)}</span>
            <span className="block break-all font-mono text-xs text-fg-soft">
              {p.scope}
              {p.required ? "" : " · opcional"}
            </span>
          </span>
          <span className={TONE_CLASS[p.granted ? "green" : p.required ? "red" : "yellow"]}>{p.granted ? "Concedida" : "Falta"}</span>
        </li>
      ))}
    </ul>
  );
}

/** The permissions a login asks, before any connection (what the person will see in Meta's window). */
export function AskedPermissions({ login }: { login: "facebook" | "instagram" }) {
  const list = login === "facebook" ? FACEBOOK_PERMISSIONS : INSTAGRAM_PERMISSIONS;
  return <PermissionList permissoes={list.map((p) => ({ ...p, granted: false }))} />;
}

export function ConnectForm({
  login,
  label,
  next,
  variant = "primary",
}: {
  login: "facebook" | "instagram";
  label: string;
  next?: string;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === login;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={login} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Button type="submit" variant={variant} busy={busy}>
        {label}
      </Button>
    </Form>
  );
}

export function DisconnectForm({ connectionId, network }: { connectionId: string; network: string }) {
  const busy = useNavigation().formData?.get("intent") === "desconectar";
  const id = `confirmar-${connectionId}`;
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="desconectar" />
      <input type="hidden" name="conexao" value={connectionId} />
      <label htmlFor={id} className="flex items-start gap-2 text-sm">
        <input id={id} type="checkbox" name="confirmar" value="1" required className="mt-1" />
        <span>
          Entendo que o Alicerce para de publicar no {network} até alguém conectar de novo (os posts agendados ficam retidos; posts e
          histórico continuam).
        </span>
      </label>
      <Button type="submit" variant="danger" busy={busy}>
        Desconectar
      </Button>
    </Form>
  );
}

/** What the last connection did, from the callback's redirect (`?conexao=facebook&mantida=1…`). */
export function ConnectNotice() {
  const [params] = useSearchParams();
  const login = params.get("conexao");
  if (login !== "facebook" && login !== "instagram") return null;
  const network = login === "facebook" ? "Facebook" : "Instagram";
  let text = `${network} conectado.`;
  if (params.get("mantida") === "1") {
    const lost = (params.get("faltariam") ?? "").split(",").filter(Boolean);
    const why = [
      lost.length ? `a nova autorização não tinha ${lost.length === 1 ? "a permissão" : "as permissões"} ${lost.join(", ")}` : "",
      params.get("curta") === "1" ? "o novo acesso vence antes do atual" : "",
    ]
      .filter(Boolean)
      .join(" e ");
    text = `Mantivemos a conexão anterior do ${network}, que continua funcionando: ${why}. Para trocar, desconecte e conecte de novo marcando todas as permissões.`;
  }
  return (
    <div className="mb-6">
      <Alert tone="success">{text}</Alert>
    </div>
  );
}

/** What a connection screen's action answered (an error, or what disconnecting did). */
export interface ConnectMessage {
  error?: string;
  disconnected?: string;
}

export function ActionMessage({ result }: { result: ConnectMessage | undefined }) {
  if (!result?.error && !result?.disconnected) return null;
  return (
    <div className="mb-6">
      {result.error ? <Alert tone="error">{result.error}</Alert> : <Alert tone="success">{result.disconnected}</Alert>}
    </div>
  );
}
