import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/auth-callback";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Field, FormError } from "../../components/ui/form.tsx";
import { titleMeta } from "../../lib/title.ts";
import { linkActionSchema } from "../../../shared/account/email-links.ts";
import { getRequestContext, type RequestContext, serviceContext } from "../../../worker/context.ts";
import { confirmEmail, inspectLink, type LinkInfo, recoveryTokenIsValid } from "../../../worker/services/account/accounts.ts";
import { INVALID_LINK } from "../../../shared/account/account-messages.ts";
import { confirmEmailChange, undoEmailChange } from "../../../worker/services/account/email-change.ts";
import { clearSessionCookie, revokeSession, sessionCookie } from "../../../worker/auth/sessions.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { recoveryCookie } from "../../server/account/recovery.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => [...titleMeta("Verificando link"), { name: "robots", content: "noindex" }];

/** The links that end with someone signed in here: whoever is signed in now is signed out first. */
const SIGNS_IN: readonly LinkInfo["type"][] = ["signup", "recovery"];

/**
 * GET only shows what the link does (login CSRF, link scanners, prefetch: nothing is spent and
 * nobody is signed in); the button POSTs. Old invite links go to the invite page, unspent.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const token = url.searchParams.get("token") ?? "";
  if (type === "invite" && token) throw redirect(`/convite?token=${encodeURIComponent(token)}`);
  const link = await inspectLink(serviceContext(rc), type, token);
  if (!link) return { state: "invalid" as const };
  // Another account signed in in this browser: say so before the button ends its session.
  const signedInAs = rc.auth && rc.auth.user.id !== link.userId && SIGNS_IN.includes(link.type) ? rc.auth.user.email : null;
  return { state: "ready" as const, type: link.type, token, email: link.email, signedInAs };
}

/** Ends the session this browser holds (the cookie is cleared by the caller's answer). */
async function signOutHere(rc: RequestContext, headers: Headers): Promise<void> {
  if (!rc.auth) return;
  await revokeSession(rc.db, rc.auth.sessionId, rc.auth.user.id);
  headers.append("set-cookie", clearSessionCookie(rc.secureCookies));
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  const parsed = await parseForm(request, linkActionSchema);
  if (!parsed.ok) {
    // A tampered type or token is an unusable link; a missing password is the field's own error.
    return parsed.response.data.errors.senha ? parsed.response : domainFailure(new DomainError(INVALID_LINK, 400));
  }
  const ctx = serviceContext(rc);
  const input = parsed.data;
  const headers = new Headers();
  try {
    switch (input.type) {
      case "signup": {
        const result = await confirmEmail(ctx, input.token, input.senha);
        await signOutHere(rc, headers);
        headers.append("set-cookie", sessionCookie(result.sessionToken, result.expiresAt, rc.secureCookies));
        return redirect(result.hasOrg ? "/" : "/completar-cadastro", { headers });
      }
      case "recovery": {
        // Not spent here: /recover-password spends it with the new password.
        if (!(await recoveryTokenIsValid(ctx, input.token))) throw new DomainError(INVALID_LINK, 400);
        await signOutHere(rc, headers);
        headers.append("set-cookie", recoveryCookie(input.token, rc.secureCookies));
        return redirect("/recover-password", { headers });
      }
      case "email_change": {
        const { email } = await confirmEmailChange(ctx, input.token);
        return { done: "email_change" as const, email };
      }
      case "email_change_undo": {
        const { userId, restored } = await undoEmailChange(ctx, input.token);
        // The service ended every session of the account, this browser's too when it is theirs.
        const answer = { done: "email_change_undo" as const, restored };
        return rc.auth?.user.id === userId ? data(answer, { headers: { "set-cookie": clearSessionCookie(rc.secureCookies) } }) : answer;
      }
    }
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
}

const COPY: Record<LinkInfo["type"], { title: string; intro: (email: string) => string; button: string }> = {
  signup: {
    title: "Confirme seu e-mail",
    intro: (email) => `Para confirmar ${email} e entrar, digite a senha que você escolheu ao criar a conta.`,
    button: "Confirmar e entrar",
  },
  recovery: {
    title: "Criar nova senha",
    intro: (email) => `Este link permite criar uma nova senha para a conta ${email}.`,
    button: "Continuar",
  },
  email_change: {
    title: "Confirmar novo e-mail",
    intro: (email) => `Confirme para que ${email} passe a ser o e-mail da sua conta no Alicerce.`,
    button: "Confirmar novo e-mail",
  },
  email_change_undo: {
    title: "Desfazer troca de e-mail",
    intro: (email) =>
      `A conta volta a usar ${email}, todas as sessões são encerradas e a senha atual deixa de valer: enviaremos para este endereço um link para criar uma nova.`,
    button: "Desfazer a troca",
  },
};

function InvalidLink() {
  return (
    <>
      <h1 className="text-2xl font-bold">Link inválido</h1>
      <p className="mt-3 text-sm text-fg-soft">{INVALID_LINK}</p>
      <div className="mt-6 flex flex-wrap gap-4 text-sm">
        <Link to="/login" className="font-semibold text-accent underline">
          Entrar
        </Link>
        <Link to="/forgot-password" className="font-semibold text-accent underline">
          Pedir novo link de senha
        </Link>
      </div>
    </>
  );
}

function Done({ result }: { result: { done: "email_change"; email: string } | { done: "email_change_undo"; restored: boolean } }) {
  if (result.done === "email_change") {
    return (
      <>
        <h1 className="text-2xl font-bold">E-mail confirmado</h1>
        <p className="mt-3 text-sm text-fg-soft">
          Pronto! <strong className="text-fg">{result.email}</strong> agora é o e-mail da sua conta. Use-o para entrar.
        </p>
        <Link to="/" className={buttonClass("primary", "mt-6 w-full")}>
          Ir para o Alicerce
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">Troca desfeita</h1>
      <p className="mt-3 text-sm text-fg-soft">
        {result.restored
          ? "O e-mail da conta voltou a ser este. Encerramos todas as sessões e a senha anterior deixou de valer: enviamos para este endereço um link para criar uma nova senha."
          : "Encerramos todas as sessões e a senha anterior deixou de valer, mas o e-mail antigo já pertence a outra conta e não pôde voltar."}
      </p>
      <Link to="/forgot-password" className={buttonClass("primary", "mt-6 w-full")}>
        Pedir um link de nova senha
      </Link>
    </>
  );
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  if (result && "done" in result) return <Done result={result} />;
  if (loaderData.state === "invalid") return <InvalidLink />;
  const { type, token, email, signedInAs } = loaderData;
  const copy = COPY[type];
  const errors = result && "errors" in result ? result.errors : undefined;
  return (
    <>
      <h1 className="text-2xl font-bold">{copy.title}</h1>
      <p className="mt-3 text-sm text-fg-soft">{copy.intro(email)}</p>
      {signedInAs ? (
        <div className="mt-4">
          <Alert tone="info">
            Você está conectado como <strong>{signedInAs}</strong>; continuar vai encerrar essa sessão.
          </Alert>
        </div>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <FormError errors={errors} />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="token" value={token} />
        {type === "signup" ? (
          <>
            {/* Lets password managers offer the password saved for this address. */}
            <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
            <Field
              label="Digite a senha que você escolheu ao criar a conta"
              name="senha"
              type="password"
              autoComplete="current-password"
              required
              error={errors?.senha}
            />
          </>
        ) : null}
        <Button
          type="submit"
          variant={type === "email_change_undo" ? "danger" : "primary"}
          className="w-full"
          busy={navigation.state === "submitting"}
        >
          {copy.button}
        </Button>
      </Form>
      {type === "signup" ? (
        <p className="mt-6 text-sm text-fg-soft">
          Não lembra a senha?{" "}
          <Link to="/criar-conta" className="font-semibold text-accent underline">
            Crie a conta de novo com este e-mail
          </Link>
          : enviaremos um novo link.
        </p>
      ) : null}
    </>
  );
}
