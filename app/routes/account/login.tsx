import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { Button } from "../../components/ui/button.tsx";
import { Field, FormError, useFormValidation } from "../../components/ui/form.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { loginSchema } from "../../../shared/account/auth.ts";
import { titleMeta } from "../../lib/title.ts";
import { safeRedirectPath } from "../../lib/safe-redirect.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { login } from "../../../worker/services/account/accounts.ts";
import { sessionCookie } from "../../../worker/auth/sessions.ts";
import { readCookie, RETURN_COOKIE } from "../../server/guards.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Entrar");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadLoginSchema = () => import("../../../shared/account/auth.ts").then((m) => m.loginSchema);

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  const parsed = await parseForm(request, loginSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const session = await login(serviceContext(rc), parsed.data.email, parsed.data.senha);
    // Only local paths are ever followed (spec: external navigation refused).
    const to = safeRedirectPath(readCookie(request, RETURN_COOKIE), "/");
    const headers = new Headers();
    headers.append("set-cookie", sessionCookie(session.token, session.expiresAt, rc.secureCookies));
    headers.append("set-cookie", `${RETURN_COOKIE}=; Path=/; Max-Age=0`);
    return redirect(to, { headers });
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
}

export default function Login() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { errors, formProps } = useFormValidation(loadLoginSchema, result?.errors);
  const notice = params.get("aviso");
  return (
    <>
      <h1 className="text-2xl font-bold">Entrar</h1>
      <p className="mt-1 mb-6 text-sm text-fg-soft">Acesse sua conta do Alicerce.</p>
      {notice === "senha-alterada" ? <Alert tone="success">Senha alterada. Entre com a nova senha.</Alert> : null}
      {notice === "sessao-encerrada" ? <Alert>Você saiu da sua conta.</Alert> : null}
      <Form method="post" className="mt-4 space-y-4" {...formProps}>
        <FormError errors={errors} />
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values?.email}
          error={errors.email}
        />
        <Field label="Senha" name="senha" type="password" autoComplete="current-password" required error={errors.senha} />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className="text-accent underline-offset-2 hover:underline">
            Esqueci minha senha
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={navigation.state === "submitting"}>
          Entrar
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-fg-soft">
        Ainda não tem conta?{" "}
        <Link to="/criar-conta" className="font-semibold text-accent underline-offset-2 hover:underline">
          Criar conta
        </Link>
      </p>
    </>
  );
}
