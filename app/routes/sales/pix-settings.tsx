import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/pix-settings";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field, FormError, SelectField } from "../../components/ui/form.tsx";
import { pixSettingsSchema } from "../../../shared/finance/pix-settings.ts";
import { MERCHANT_CITY_MAX, MERCHANT_NAME_MAX } from "../../../shared/pix/text.ts";
import { PIX_KEY_KIND } from "../../../shared/pix/key.ts";
import { titleMeta } from "../../lib/title.ts";
import { parseForm, readForm } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { getOrganization } from "../../../worker/services/organization/organization.ts";
import { clearPixSettings, getPixSettings, updatePixSettings } from "../../../worker/services/finance/pix-settings.ts";

/**
 * Pix (settings area, owner/admin): the key the checkout's BR Code pays into, with the receiver's
 * name and city as the code carries them (issue 22, ADR 068). Without a key the checkout still
 * records Pix payments, without a code.
 */

export const meta: Route.MetaFunction = () => titleMeta("Pix");

export async function loader({ request, context }: Route.LoaderArgs) {
  const signed = requirePermission(context, request, "business-settings", "read");
  const ctx = serviceContext(signed.rc);
  const [pix, org] = await Promise.all([getPixSettings(ctx, signed.actor), getOrganization(ctx.db, signed.actor.orgId)]);
  return { pix, suggested: { nome: org?.name ?? "", cidade: org?.city ?? "" } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const signed = requirePermission(context, request, "business-settings", "update");
  const ctx = serviceContext(signed.rc);
  if (new URL(request.url).searchParams.get("remover") === "1") {
    await readForm(request);
    await clearPixSettings(ctx, signed.actor);
    throw redirect("/pix?removida=1");
  }
  const parsed = await parseForm(request, pixSettingsSchema);
  if (!parsed.ok) return parsed.response;
  await updatePixSettings(ctx, signed.actor, parsed.data);
  throw redirect("/pix?salvo=1");
}

const KIND_OPTIONS = PIX_KEY_KIND.options;

export default function PixSettingsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const idle = navigation.state === "idle";
  const { pix, suggested } = loaderData;
  const values = result?.values;
  return (
    <>
      <PageHeader
        title="Pix"
        description="A chave que recebe os pagamentos Pix das vendas. No caixa, cada venda mostra o QR Code e o “copia e cola” com o valor certo."
      />
      {params.get("salvo") === "1" && idle ? (
        <div className="mb-4">
          <Alert tone="success">Chave Pix salva. O caixa já mostra o QR Code nas vendas pagas com Pix.</Alert>
        </div>
      ) : null}
      {params.get("removida") === "1" && idle ? (
        <div className="mb-4">
          <Alert tone="success">Chave Pix removida. O Pix continua sendo registrado nas vendas, sem QR Code.</Alert>
        </div>
      ) : null}
      <Card title="Chave Pix do negócio">
        <Form method="post" className="space-y-4" noValidate>
          <FormError errors={result?.errors} />
          <SelectField
            label="Tipo da chave"
            name="pixChaveTipo"
            required
            options={KIND_OPTIONS}
            defaultValue={values?.pixChaveTipo ?? pix?.key.kind ?? "cnpj"}
            error={result?.errors?.pixChaveTipo}
          />
          <Field
            label="Chave Pix"
            name="pixChave"
            required
            autoComplete="off"
            spellCheck={false}
            defaultValue={values?.pixChave ?? pix?.key.value ?? ""}
            error={result?.errors?.pixChave}
            hint="CPF, CNPJ, e-mail, celular com DDD ou chave aleatória, exatamente como cadastrada no banco."
          />
          <Field
            label="Nome do recebedor"
            name="pixNome"
            required
            defaultValue={values?.pixNome ?? pix?.merchantName ?? suggested.nome}
            error={result?.errors?.pixNome}
            hint={`Aparece para quem paga. Vai sem acentos e em maiúsculas, até ${MERCHANT_NAME_MAX} caracteres, como pede o Banco Central.`}
          />
          <Field
            label="Cidade do recebedor"
            name="pixCidade"
            required
            defaultValue={values?.pixCidade ?? pix?.merchantCity ?? suggested.cidade}
            error={result?.errors?.pixCidade}
            hint={`Até ${MERCHANT_CITY_MAX} caracteres, sem acentos.`}
          />
          <Button type="submit" busy={navigation.state === "submitting" && navigation.formAction === "/pix"}>
            Salvar chave Pix
          </Button>
        </Form>
      </Card>
      {pix ? (
        <div className="mt-6">
          <Card title="Remover a chave">
            <p className="mb-3 text-sm text-fg-soft">
              Sem chave, o caixa continua registrando pagamentos com Pix, mas não mostra QR Code nem “copia e cola”.
            </p>
            <Form
              method="post"
              action="/pix?remover=1"
              onSubmit={(event) => {
                if (!window.confirm("Remover a chave Pix? O caixa deixa de mostrar o QR Code.")) event.preventDefault();
              }}
            >
              <Button type="submit" variant="secondary">
                Remover chave Pix
              </Button>
            </Form>
          </Card>
        </div>
      ) : null}
    </>
  );
}
