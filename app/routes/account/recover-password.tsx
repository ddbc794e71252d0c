import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/recover-password";
import { Button } from "../../components/ui/button.tsx";
import { FormError, NewPasswordFields, useFormValidation } from "../../components/ui/form.tsx";
import { newPasswordSchema } from "../../../shared/account/auth.ts";
import { titleMeta } from "../../lib/title.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { recoverPassword, recoveryTokenIsValid } from "../../../worker/services/account/accounts.ts";
import { sessionCookie } from "../../../worker/auth/sessions.ts";
import { readCookie } from "../../server/guards.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";
import { clearRecoveryCookie, RECOVERY_COOKIE } from "../../server/account/recovery.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Nova senha");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadNewPasswordSchema = () => import("../../../shared/account/auth.ts").then((m) => m.newPasswordSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = readCookie(request, RECOVERY_COOKIE);
  const valid = token ? await recoveryTokenIsValid(serviceContext(getRequestContext(context)), token) : false;
  return { valid };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  const parsed = await parseForm(request, newPasswordSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const session = await recoverPassword(serviceContext(rc), readCookie(request, RECOVERY_COOKIE) ?? "", parsed.data.senha);
    const headers = new Headers();
    headers.append("set-cookie", sessionCookie(session.token, session.expiresAt, rc.secureCookies));
    headers.append("set-cookie", clearRecoveryCookie());
    return redirect("/", { headers });
  } catch (error) {
    return domainFailure(error);
  }
}

export default function RecoverPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { errors, formProps } = useFormValidation(loadNewPasswordSchema, result?.errors);
  const invite = params.get("convite") === "1";
  if (!loaderData.valid) {
    return (
      <>
        <h1 className="text-2xl font-bold">Nova senha</h1>
        <p className="mt-3 text-sm text-fg-soft">
          Este link é inválido ou expirou. Os links de nova senha valem por 1 hora e só podem ser usados uma vez.
        </p>
        <p className="mt-6 text-sm">
          <Link to="/forgot-password" className="font-semibold text-accent underline">
            Pedir um novo link
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{invite ? "Crie sua senha" : "Nova senha"}</h1>
      <p className="mt-1 mb-6 text-sm text-fg-soft">
        {invite
          ? "Bem-vindo(a) à equipe! Escolha uma senha para entrar no Alicerce."
          : "Escolha uma nova senha. Por segurança, encerraremos suas outras sessões."}
      </p>
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={errors} />
        <NewPasswordFields errors={errors} />
        <Button type="submit" className="w-full" busy={navigation.state === "submitting"}>
          Salvar nova senha
        </Button>
      </Form>
    </>
  );
}
