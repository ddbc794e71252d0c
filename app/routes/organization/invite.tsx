import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/invite";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CheckboxField, Field, FormError, NewPasswordFields, useFormValidation } from "../../components/ui/form.tsx";
import { titleMeta } from "../../lib/title.ts";
import { ROLE_LABELS } from "../../modules/navigation.ts";
import { invitePageSchema } from "../../../shared/organization/invites.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { sessionCookie } from "../../../worker/auth/sessions.ts";
import { INVALID_LINK, INVITE_REQUESTED } from "../../../shared/account/account-messages.ts";
import { acceptInvite, requestNewInvite, viewInvite } from "../../../worker/services/organization/team.ts";

export const meta: Route.MetaFunction = () => titleMeta("Convite");

/** The forms' schemas, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadNewAccountSchema = () => import("../../../shared/organization/invites.ts").then((m) => m.acceptNewAccountSchema);
const loadPasswordSchema = () => import("../../../shared/organization/invites.ts").then((m) => m.acceptWithPasswordSchema);

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** Shows the invite; reading never spends it nor signs anyone in (link scanners only GET). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  const view = await viewInvite(serviceContext(rc), tokenOf(request));
  const signedInAs = rc.auth?.user.email ?? null;
  return { view, signedInAs, sameAccount: view.status === "valid" && signedInAs === view.email };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

/** Accepts (creating the account, with its password, or as the signed-in account) or asks for a new invite. */
export async function action({ request, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  const token = tokenOf(request);
  const parsed = await parseForm(request, invitePageSchema);
  if (!parsed.ok) return parsed.response;
  const ctx = serviceContext(rc);
  const input = parsed.data;
  try {
    if (input.intent === "pedir") {
      await requestNewInvite(ctx, token);
      return { ok: true as const, message: INVITE_REQUESTED };
    }
    const how =
      input.intent === "criar"
        ? { kind: "new" as const, nome: input.nome, senha: input.senha }
        : input.intent === "entrar"
          ? { kind: "password" as const, senha: input.senha }
          : { kind: "session" as const };
    const accepted = await acceptInvite(ctx, token, how, rc.auth);
    // After the middleware's own cookies (a renewal of the session that just ended), so this one wins.
    if (accepted.session) rc.setCookies.push(sessionCookie(accepted.session.token, accepted.session.expiresAt, rc.secureCookies));
    return redirect("/");
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
}

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { view, signedInAs, sameAccount } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const formAction = `/convite?token=${encodeURIComponent(params.get("token") ?? "")}`;
  const success = result && "ok" in result ? result : undefined;
  const failure = result && !("ok" in result) ? result : undefined;
  const intent = failure?.values?.intent;
  const newAccount = useFormValidation(loadNewAccountSchema, intent === "criar" ? failure?.errors : undefined);
  const withPassword = useFormValidation(loadPasswordSchema, intent === "entrar" ? failure?.errors : undefined);
  const submitting = navigation.state === "submitting";

  if (view.status === "invalid") {
    return (
      <>
        <h1 className="text-2xl font-bold">Convite inválido</h1>
        <p className="mt-3 text-sm text-fg-soft">{INVALID_LINK}</p>
        <p className="mt-6 text-sm">
          <Link to="/login" className="font-semibold text-accent underline">
            Ir para o login
          </Link>
        </p>
      </>
    );
  }

  if (view.status === "expired") {
    return (
      <>
        <h1 className="text-2xl font-bold">Convite expirado</h1>
        <p className="mt-3 text-sm text-fg-soft">
          Este convite expirou. Os convites para a equipe de <strong className="text-fg">{view.orgName}</strong> valem por 7 dias.
        </p>
        <div className="mt-6 space-y-3">
          {success ? <Alert tone="success">{success.message}</Alert> : null}
          {failure ? <FormError errors={failure.errors} /> : null}
          {success ? null : (
            <Form method="post" action={formAction}>
              <input type="hidden" name="intent" value="pedir" />
              <Button type="submit" className="w-full" busy={submitting}>
                Pedir um novo convite
              </Button>
            </Form>
          )}
        </div>
      </>
    );
  }

  const role = ROLE_LABELS[view.role];
  return (
    <>
      <h1 className="text-2xl font-bold">Convite para {view.orgName}</h1>
      <p className="mt-2 text-sm text-fg-soft">
        {view.inviterName ? `${view.inviterName} convidou você` : "Você foi convidado(a)"} para a equipe de{" "}
        <strong className="text-fg">{view.orgName}</strong> no Alicerce, com o papel <strong className="text-fg">{role}</strong>.
      </p>
      <p className="mt-1 text-sm text-fg-soft [overflow-wrap:anywhere]">
        Convite para <strong className="text-fg">{view.email}</strong>
      </p>

      <div className="mt-6 space-y-4">
        <FormError errors={failure?.errors} />
        {signedInAs && !sameAccount ? (
          <Alert>
            Você está conectado(a) como <strong className="[overflow-wrap:anywhere]">{signedInAs}</strong>. Ao aceitar este convite, essa
            sessão será encerrada e você entrará como {view.email}.
          </Alert>
        ) : null}

        {view.memberOf ? (
          <>
            <Alert tone="error">
              Sua conta ainda faz parte de <strong>{view.memberOf}</strong>. Para aceitar este convite, saia dessa organização primeiro: em
              Meu Perfil, use “Sair da organização”. Depois, abra este convite de novo.
            </Alert>
            <p className="text-sm">
              <Link to={sameAccount ? "/sair-da-organizacao" : "/login"} className="font-semibold text-accent underline">
                {sameAccount ? "Abrir Meu Perfil" : "Entrar para sair da organização"}
              </Link>
            </p>
          </>
        ) : view.account === "new" ? (
          <Form method="post" action={formAction} className="space-y-4" {...newAccount.formProps}>
            <input type="hidden" name="intent" value="criar" />
            <p className="text-sm text-fg-soft">Crie sua senha para entrar na equipe. Seu e-mail já foi confirmado por este link.</p>
            <Field
              label="Nome"
              name="nome"
              autoComplete="name"
              required
              defaultValue={failure?.values?.nome ?? view.name}
              error={newAccount.errors.nome}
            />
            <NewPasswordFields errors={newAccount.errors} />
            <CheckboxField
              name="aceite"
              value="on"
              error={newAccount.errors.aceite}
              label={<>Li e aceito os Termos de uso e a Política de privacidade, e autorizo o tratamento dos meus dados conforme a LGPD.</>}
            />
            <Button type="submit" className="w-full" busy={submitting}>
              Criar conta e aceitar convite
            </Button>
          </Form>
        ) : sameAccount ? (
          <Form method="post" action={formAction} className="space-y-4">
            <input type="hidden" name="intent" value="aceitar" />
            <Button type="submit" className="w-full" busy={submitting}>
              Aceitar convite
            </Button>
          </Form>
        ) : (
          <Form method="post" action={formAction} className="space-y-4" {...withPassword.formProps}>
            <input type="hidden" name="intent" value="entrar" />
            <p className="text-sm text-fg-soft">Você já tem uma conta no Alicerce com este e-mail. Entre com a senha dela para aceitar.</p>
            <Field label="Senha" name="senha" type="password" autoComplete="current-password" required error={withPassword.errors.senha} />
            <Button type="submit" className="w-full" busy={submitting}>
              Entrar e aceitar convite
            </Button>
            <p className="text-center text-sm">
              <Link to="/forgot-password" className="font-semibold text-accent underline-offset-2 hover:underline">
                Esqueci minha senha
              </Link>
            </p>
          </Form>
        )}
      </div>
    </>
  );
}
