import { useEffect, useRef } from "react";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/profile";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { ConfirmPanel } from "../../components/data/detail.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field, FormError, useFormValidation } from "../../components/ui/form.tsx";
import { formatDateTime, formatRelative } from "../../../shared/format.ts";
import { titleMeta } from "../../lib/title.ts";
import { perfilActionSchema } from "../../../shared/account/email-links.ts";
import { requireOrg } from "../../server/guards.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { changePassword } from "../../../worker/services/account/accounts.ts";
import { endLiveAccess } from "../../../worker/live/publish.ts";
import { profileOverview, revokeOtherSession, revokeOtherSessions, updateName } from "../../../worker/services/account/profile.ts";
import { cancelEmailChange, requestEmailChange, resendEmailChange } from "../../../worker/services/account/email-change.ts";
import { leaveOrganization } from "../../../worker/services/organization/team.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Meu Perfil");

/** The forms' schemas, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadNameSchema = () => import("../../../shared/account/account.ts").then((m) => m.nameSchema);
const loadPasswordSchema = () => import("../../../shared/account/account.ts").then((m) => m.changePasswordSchema);
const loadEmailSchema = () => import("../../../shared/account/email-links.ts").then((m) => m.changeEmailSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, auth, org } = requireOrg(context, request);
  const now = new Date();
  const { sessions, pendingEmail } = await profileOverview(rc.db, auth.user.id, auth.sessionId, now);
  return {
    user: { name: auth.user.name, email: auth.user.email },
    org: org.name,
    pendingEmail,
    // Labels are built here so the server and the browser render the same words.
    sessions: sessions.map((s) => ({
      id: s.id,
      device: s.device,
      ip: s.ip,
      current: s.current,
      lastSeen: s.current ? "Ativo agora" : `Último acesso ${formatRelative(s.lastSeenAt, now, timeZoneOf(org.timeZone))}`,
      since: formatDateTime(s.createdAt, timeZoneOf(org.timeZone)),
    })),
  };
}

type Intent = "nome" | "senha" | "encerrar" | "encerrar-outras" | "email" | "reenviar-email" | "cancelar-email" | "sair-organizacao";
const INTENTS: readonly string[] = [
  "nome",
  "senha",
  "encerrar",
  "encerrar-outras",
  "email",
  "reenviar-email",
  "cancelar-email",
  "sair-organizacao",
] satisfies Intent[];

function done(intent: Intent, message: string) {
  return { ok: true as const, intent, message };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, auth } = requireOrg(context, request);
  const parsed = await parseForm(request, perfilActionSchema);
  if (!parsed.ok) return parsed.response;
  const ctx = serviceContext(rc);
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "nome":
        await updateName(ctx, auth.user.id, input.nome);
        // Loaders of this same request (a form posted without JavaScript) read the session's
        // user: show them the new name.
        auth.user.name = input.nome;
        return done("nome", "Nome atualizado.");
      case "senha":
        await changePassword(ctx, auth.user.id, auth.sessionId, input.senhaAtual, input.novaSenha);
        // The ended sessions' open pages stop hearing the organização (this page reconnects, authorised again).
        endLiveAccess(ctx, auth.memberOf?.id, { userId: auth.user.id });
        return done("senha", "Senha alterada. Suas outras sessões foram encerradas.");
      case "encerrar":
        await revokeOtherSession(ctx, auth.user.id, auth.sessionId, input.sessionId);
        endLiveAccess(ctx, auth.memberOf?.id, { sessionId: input.sessionId });
        return done("encerrar", "Sessão encerrada.");
      case "encerrar-outras": {
        const ended = await revokeOtherSessions(ctx, auth.user.id, auth.sessionId);
        if (ended > 0) endLiveAccess(ctx, auth.memberOf?.id, { userId: auth.user.id });
        return done(
          "encerrar-outras",
          ended === 0 ? "Não havia outras sessões ativas." : ended === 1 ? "1 sessão encerrada." : `${ended} sessões encerradas.`,
        );
      }
      case "email":
        await requestEmailChange(ctx, auth.user.id, input.novoEmail, input.senhaAtual);
        return done(
          "email",
          `Enviamos um link de confirmação para ${input.novoEmail}. Até você confirmar, o login continua com o e-mail atual.`,
        );
      case "reenviar-email":
        await resendEmailChange(ctx, auth.user.id);
        return done("reenviar-email", "Enviamos um novo link de confirmação. O anterior deixou de valer.");
      case "cancelar-email":
        await cancelEmailChange(ctx, auth.user.id);
        return done("cancelar-email", "Troca de e-mail cancelada. O link enviado deixou de valer.");
      case "sair-organizacao":
        await leaveOrganization(ctx, auth);
        // No organização any more: create a business or accept another invite.
        return redirect("/completar-cadastro");
    }
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, sessions, pendingEmail, org } = loaderData;
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = (intent: Intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  // Which form the last answer belongs to: success carries `intent`, errors echo the fields.
  const success = result && "ok" in result ? result : undefined;
  const failure = result && !("ok" in result) ? result : undefined;
  const answered = success ? success.intent : (failure?.values?.intent as Intent | undefined);
  const errorsFor = (intent: Intent) => (answered === intent ? failure?.errors : undefined);
  const successFor = (intent: Intent | Intent[]) =>
    success && ([] as Intent[]).concat(intent).includes(success.intent) ? success.message : null;

  const nameForm = useFormValidation(loadNameSchema, errorsFor("nome"));
  const passwordForm = useFormValidation(loadPasswordSchema, errorsFor("senha"));
  const emailForm = useFormValidation(loadEmailSchema, errorsFor("email"));
  const passwordRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (success?.intent === "senha") passwordRef.current?.reset();
    if (success?.intent === "email") emailRef.current?.reset();
  }, [success]);
  const pendingError = errorsFor("reenviar-email")?._form ?? errorsFor("cancelar-email")?._form;
  const leaveError = errorsFor("sair-organizacao")?._form;

  const others = sessions.filter((s) => !s.current);
  const sessionError = errorsFor("encerrar")?._form ?? errorsFor("encerrar-outras")?._form;
  // A request no form on the page sent (unknown intent): its error shows at the top.
  const pageError = failure && !INTENTS.includes(answered ?? "") ? Object.values(failure.errors)[0] : undefined;

  return (
    <>
      <PageHeader title="Meu Perfil" description="Seus dados de acesso, sua senha e os aparelhos conectados à sua conta." />
      {pageError ? (
        <div className="mb-4">
          <Alert tone="error">{pageError}</Alert>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Dados pessoais">
          {successFor("nome") ? <Alert tone="success">{successFor("nome")}</Alert> : null}
          <Form method="post" className="mt-4 space-y-4" {...nameForm.formProps}>
            <input type="hidden" name="intent" value="nome" />
            <FormError errors={nameForm.errors} />
            <Field
              label="Nome"
              name="nome"
              required
              autoComplete="name"
              defaultValue={failure?.values?.intent === "nome" ? (failure.values.nome ?? user.name) : user.name}
              error={nameForm.errors.nome}
            />
            <Button type="submit" busy={submitting("nome")}>
              Salvar nome
            </Button>
          </Form>
        </Card>

        <Card title="E-mail de acesso">
          <p className="text-sm text-fg-soft">
            Seu login é <strong className="break-all text-fg">{user.email}</strong>.
          </p>
          {successFor(["email", "reenviar-email", "cancelar-email"]) ? (
            <div className="mt-4">
              <Alert tone="success">{successFor(["email", "reenviar-email", "cancelar-email"])}</Alert>
            </div>
          ) : null}
          {pendingError ? (
            <div className="mt-4">
              <Alert tone="error">{pendingError}</Alert>
            </div>
          ) : null}
          {pendingEmail ? (
            <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-accent/30 bg-accent-soft px-4 py-3 text-sm">
              <p className="min-w-0 grow">
                Aguardando confirmação de <strong className="break-all">{pendingEmail}</strong>
              </p>
              {/* One form, two buttons: the one pressed names the intent. */}
              <Form method="post" className="flex gap-2">
                <Button
                  type="submit"
                  name="intent"
                  value="reenviar-email"
                  variant="secondary"
                  busy={submitting("reenviar-email")}
                  aria-label={`Reenviar confirmação para ${pendingEmail}`}
                >
                  Reenviar
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="cancelar-email"
                  variant="ghost"
                  busy={submitting("cancelar-email")}
                  aria-label={`Cancelar a troca para ${pendingEmail}`}
                >
                  Cancelar
                </Button>
              </Form>
            </div>
          ) : null}
          <Form method="post" ref={emailRef} className="mt-4 space-y-4" {...emailForm.formProps}>
            <input type="hidden" name="intent" value="email" />
            <FormError errors={emailForm.errors} />
            <Field
              label="Novo e-mail"
              name="novoEmail"
              type="email"
              autoComplete="email"
              required
              defaultValue={failure?.values?.intent === "email" ? failure.values.novoEmail : undefined}
              error={emailForm.errors.novoEmail}
            />
            <Field
              label="Senha atual"
              name="senhaAtual"
              type="password"
              autoComplete="current-password"
              required
              error={emailForm.errors.senhaAtual}
            />
            <p className="text-xs text-fg-soft">
              Enviaremos um link para o novo endereço. Até você confirmar, o login continua com o e-mail atual, que também será avisado da
              troca.
            </p>
            <Button type="submit" busy={submitting("email")}>
              Trocar e-mail
            </Button>
          </Form>
        </Card>

        <Card title="Alterar senha">
          {successFor("senha") ? <Alert tone="success">{successFor("senha")}</Alert> : null}
          <Form method="post" ref={passwordRef} className="mt-4 space-y-4" {...passwordForm.formProps}>
            <input type="hidden" name="intent" value="senha" />
            <FormError errors={passwordForm.errors} />
            {/* Lets password managers tie the new password to this account. */}
            <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <Field
              label="Senha atual"
              name="senhaAtual"
              type="password"
              autoComplete="current-password"
              required
              error={passwordForm.errors.senhaAtual}
            />
            <Field
              label="Nova senha"
              name="novaSenha"
              type="password"
              autoComplete="new-password"
              required
              hint="Pelo menos 8 caracteres."
              error={passwordForm.errors.novaSenha}
            />
            <Field
              label="Confirmar nova senha"
              name="confirmarNovaSenha"
              type="password"
              autoComplete="new-password"
              required
              error={passwordForm.errors.confirmarNovaSenha}
            />
            <p className="text-xs text-fg-soft">Ao trocar a senha, encerramos suas sessões em outros aparelhos. Esta continua aberta.</p>
            <Button type="submit" busy={submitting("senha")}>
              Alterar senha
            </Button>
          </Form>
        </Card>

        <Card
          title="Sessões ativas"
          className="lg:col-span-2"
          actions={
            others.length > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="encerrar-outras" />
                <Button type="submit" variant="secondary" busy={submitting("encerrar-outras")}>
                  Encerrar todas as outras
                </Button>
              </Form>
            ) : null
          }
        >
          <p className="mb-4 text-sm text-fg-soft">Aparelhos e navegadores com acesso à sua conta. Encerre os que você não reconhece.</p>
          {successFor(["encerrar", "encerrar-outras"]) ? <Alert tone="success">{successFor(["encerrar", "encerrar-outras"])}</Alert> : null}
          {sessionError ? <Alert tone="error">{sessionError}</Alert> : null}
          <ul className="mt-2 divide-y divide-line">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {s.device}
                    {s.current ? (
                      <span className="rounded-full bg-ok-soft px-2 py-0.5 text-xs font-semibold text-ok">Esta sessão</span>
                    ) : null}
                  </p>
                  <p className="text-sm text-fg-soft">
                    {s.lastSeen}
                    {s.ip ? ` · IP ${s.ip}` : ""}
                  </p>
                  <p className="text-xs text-fg-soft">Entrou em {s.since}</p>
                </div>
                {s.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="encerrar" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      aria-label={`Encerrar sessão: ${s.device}, ${s.lastSeen.toLowerCase()}`}
                      busy={submitting("encerrar") && navigation.formData?.get("sessionId") === s.id}
                    >
                      Encerrar
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="mt-2 text-sm text-fg-soft">Nenhuma outra sessão aberta: só este aparelho está conectado.</p>
          ) : null}
        </Card>

        <Card title="Organização" className="lg:col-span-2">
          <p className="text-sm text-fg-soft">
            Você faz parte de <strong className="text-fg">{org}</strong>. Ao sair, perde o acesso aos dados dela; sua conta continua, e você
            pode criar o seu próprio negócio ou aceitar outro convite.
          </p>
          {leaveError ? (
            <div className="mt-4">
              <Alert tone="error">{leaveError}</Alert>
            </div>
          ) : null}
          <div className="mt-4">
            {params.get("sair") === "1" ? (
              <ConfirmPanel title={`Sair de ${org}?`} cancelHref="/perfil" intent="sair-organizacao" confirmLabel="Sair da organização">
                <p>Você deixará de ver os clientes, produtos e demais dados de {org}. Para voltar, será preciso um novo convite.</p>
              </ConfirmPanel>
            ) : (
              <Link to="/perfil?sair=1" preventScrollReset className={buttonClass("secondary")}>
                Sair da organização
              </Link>
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
