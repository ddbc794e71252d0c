import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/leave-organization";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { FormError } from "../../components/ui/form.tsx";
import { titleMeta } from "../../lib/title.ts";
import { leaveOrganizationSchema } from "../../../shared/account/email-links.ts";
import { serviceContext } from "../../../worker/context.ts";
import { leaveOrganization } from "../../../worker/services/organization/team.ts";
import { requireUser } from "../../server/guards.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Sair da organização");

/**
 * Leaving the organização from outside the app's pages: a deactivated member cannot open
 * /perfil (every page of the default layout refuses them), yet must be able to leave so they can
 * create their own business or accept another invite. Active members leave from /perfil.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = requireUser(context, request);
  if (!auth.memberOf) throw redirect("/completar-cadastro");
  return { org: auth.memberOf.name, deactivated: auth.deactivated };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, auth } = requireUser(context, request);
  const parsed = await parseForm(request, leaveOrganizationSchema);
  if (!parsed.ok) return parsed.response;
  try {
    await leaveOrganization(serviceContext(rc), auth);
  } catch (error) {
    return domainFailure(error);
  }
  return redirect("/completar-cadastro");
}

export default function LeaveOrganization({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { org, deactivated } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Sair de {org}?</h1>
      <p className="mt-3 text-sm text-fg-soft">
        {deactivated ? `Seu acesso a ${org} foi desativado. ` : ""}
        Ao sair, sua conta deixa de fazer parte de {org}. Ela continua existindo: depois você pode criar o seu próprio negócio no Alicerce
        ou aceitar o convite de outra organização.
      </p>
      <Form method="post" className="mt-6 space-y-4">
        <FormError errors={result?.errors} />
        <input type="hidden" name="intent" value="sair-organizacao" />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" busy={navigation.state === "submitting"}>
            Sair da organização
          </Button>
          <Link to={deactivated ? "/login" : "/perfil"} className={buttonClass("ghost")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </>
  );
}
