import { type TextareaHTMLAttributes, useId, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/business-profile";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { CheckboxField, Field, FormError, SelectField, useFormValidation } from "../../components/ui/form.tsx";
import { formatCep, formatCnpj, formatCpf } from "../../../shared/documents.ts";
import { MASKS, maskCpfCnpj, maskPhone } from "../../../shared/mask.ts";
import { titleMeta } from "../../lib/title.ts";
import { organizationSchema } from "../../../shared/organization/organization.ts";
import { LOGO_TYPES, needsCreci, SEGMENT_OPTIONS, UFS } from "../../../shared/organization/business-fields.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { deleteOrgFile, getOrganization, storeLogo, updateOrganization } from "../../../worker/services/organization/organization.ts";

export const meta: Route.MetaFunction = () => titleMeta("Perfil do Negócio");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadOrganizationSchema = () => import("../../../shared/organization/organization.ts").then((m) => m.organizationSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, org } = requirePermission(context, request, "organization", "read");
  const row = await getOrganization(rc.db, org.id);
  if (!row) throw new Response("Organização não encontrada.", { status: 404 });
  const doc = row.document ?? "";
  return {
    org: {
      nome: row.name,
      segmento: row.segment,
      documento: doc.length === 11 ? formatCpf(doc) : doc ? formatCnpj(doc) : "",
      creci: row.creci ?? "",
      whatsapp: row.whatsapp ? maskPhone(row.whatsapp) : "",
      email: row.email ?? "",
      cep: row.cep ? formatCep(row.cep) : "",
      rua: row.street ?? "",
      numero: row.number ?? "",
      complemento: row.complement ?? "",
      bairro: row.district ?? "",
      cidade: row.city ?? "",
      uf: row.uf ?? "",
      descricao: row.description ?? "",
      vozMarca: row.brandVoice ?? "",
      logoKey: row.logoKey,
    },
  };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, org } = requirePermission(context, request, "organization", "update");
  const parsed = await parseForm(request, organizationSchema);
  if (!parsed.ok) return parsed.response;
  const { logo, removerLogo, ...input } = parsed.data;
  let newKey: string | undefined;
  try {
    // The file goes to storage first; the database then points at it in the same round trip
    // that saves the form. The replaced logo is deleted after the answer.
    if (logo) newKey = await storeLogo(rc.env.FILES, org.id, logo);
    const logoKey = newKey ?? (removerLogo ? null : undefined);
    const { previousLogoKey } = await updateOrganization(serviceContext(rc), org.id, input, { logoKey });
    if (previousLogoKey) rc.waitUntil(deleteOrgFile(rc.env.FILES, org.id, previousLogoKey));
  } catch (error) {
    if (newKey) rc.waitUntil(deleteOrgFile(rc.env.FILES, org.id, newKey));
    return domainFailure(error, parsed.form);
  }
  return { ok: true as const, message: "Perfil do negócio salvo." };
}

function TextareaField({
  label,
  name,
  error,
  hint,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string | undefined; hint?: string }) {
  const id = `${name}-${useId()}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg placeholder:text-fg-soft/70 focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function BusinessProfile({ loaderData }: Route.ComponentProps) {
  const { org } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const success = result && "ok" in result ? result : undefined;
  const failure = result && !("ok" in result) ? result : undefined;
  const { errors, formProps } = useFormValidation(loadOrganizationSchema, failure?.errors);
  // After a failed submit, show what was typed; otherwise what is saved.
  const v = (name: keyof typeof org): string => failure?.values?.[name] ?? String(org[name] ?? "");
  const [segment, setSegment] = useState(v("segmento"));
  const broker = needsCreci(segment);
  const saving = navigation.state === "submitting";

  return (
    <>
      <PageHeader title="Perfil do Negócio" description="Os dados que aparecem para os seus clientes, nas postagens e nos documentos." />
      <Form method="post" encType="multipart/form-data" className="space-y-6" {...formProps}>
        <FormError errors={errors} />

        <Card title="Identificação">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              className="sm:col-span-2"
              label="Nome do negócio"
              name="nome"
              required
              autoComplete="organization"
              defaultValue={v("nome")}
              error={errors.nome}
            />
            <SelectField
              label="Segmento"
              name="segmento"
              required
              placeholder="Selecione"
              options={SEGMENT_OPTIONS}
              defaultValue={v("segmento")}
              onChange={(e) => setSegment(e.currentTarget.value)}
              error={errors.segmento}
            />
            <Field
              label="CPF ou CNPJ"
              name="documento"
              required
              inputMode="text"
              autoComplete="off"
              mask={maskCpfCnpj}
              hint="CNPJ com letras também é aceito."
              defaultValue={v("documento")}
              error={errors.documento}
            />
            <Field
              label="CRECI"
              name="creci"
              required={broker}
              hint={broker ? "Obrigatório para imobiliárias e corretores." : "Só para imobiliárias e corretores."}
              defaultValue={v("creci")}
              error={errors.creci}
            />
          </div>
        </Card>

        <Card title="Contato">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="WhatsApp"
              name="whatsapp"
              type="tel"
              required
              autoComplete="tel-national"
              mask={maskPhone}
              placeholder="(11) 91234-5678"
              defaultValue={v("whatsapp")}
              error={errors.whatsapp}
            />
            <Field
              label="E-mail de contato"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="contato@seunegocio.com.br"
              defaultValue={v("email")}
              error={errors.email}
            />
          </div>
        </Card>

        <Card title="Endereço">
          <div className="grid gap-4 sm:grid-cols-6">
            <Field
              className="sm:col-span-2"
              label="CEP"
              name="cep"
              inputMode="numeric"
              autoComplete="postal-code"
              mask={MASKS.cep}
              placeholder="00000-000"
              defaultValue={v("cep")}
              error={errors.cep}
            />
            <Field
              className="sm:col-span-4"
              label="Rua"
              name="rua"
              autoComplete="address-line1"
              defaultValue={v("rua")}
              error={errors.rua}
            />
            <Field className="sm:col-span-2" label="Número" name="numero" defaultValue={v("numero")} error={errors.numero} />
            <Field
              className="sm:col-span-4"
              label="Complemento"
              name="complemento"
              autoComplete="address-line2"
              defaultValue={v("complemento")}
              error={errors.complemento}
            />
            <Field
              className="sm:col-span-2"
              label="Bairro"
              name="bairro"
              autoComplete="address-level3"
              defaultValue={v("bairro")}
              error={errors.bairro}
            />
            <Field
              className="sm:col-span-3"
              label="Cidade"
              name="cidade"
              required
              autoComplete="address-level2"
              defaultValue={v("cidade")}
              error={errors.cidade}
            />
            <SelectField
              className="sm:col-span-1"
              label="UF"
              name="uf"
              required
              placeholder="UF"
              options={UFS.map((uf) => ({ value: uf, label: uf }))}
              defaultValue={v("uf")}
              error={errors.uf}
            />
          </div>
        </Card>

        <Card title="Sobre o negócio">
          <div className="space-y-4">
            <TextareaField
              label="Descrição"
              name="descricao"
              maxLength={1000}
              hint="Aparece na sua página pública. Até 1.000 caracteres."
              defaultValue={v("descricao")}
              error={errors.descricao}
            />
            <TextareaField
              label="Voz da marca"
              name="vozMarca"
              maxLength={1000}
              placeholder="Ex.: próxima e acolhedora, sem gírias; tratamos o cliente por você; destacamos o bairro e a segurança."
              hint="Como o seu negócio fala. A IA usa isto para escrever legendas e textos no seu tom."
              defaultValue={v("vozMarca")}
              error={errors.vozMarca}
            />
          </div>
        </Card>

        <Card title="Logo">
          {/* Remounts when the saved logo changes, clearing the chosen file and the checkbox. */}
          <div key={org.logoKey ?? "sem-logo"} className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="grid size-28 shrink-0 place-items-center overflow-hidden rounded-xl border border-line bg-muted">
              {org.logoKey ? (
                <img src={`/files/${org.logoKey}`} alt={`Logo atual de ${org.nome}`} className="size-full object-contain" />
              ) : (
                <span className="px-2 text-center text-xs text-fg-soft">Sem logo</span>
              )}
            </div>
            <div className="flex-1 space-y-3">
              <Field
                label={org.logoKey ? "Trocar logo" : "Enviar logo"}
                name="logo"
                type="file"
                accept={LOGO_TYPES.join(",")}
                hint="PNG, JPEG ou WebP, até 2 MB. Prefira fundo transparente e formato quadrado."
                error={errors.logo}
              />
              {org.logoKey ? <CheckboxField label="Remover o logo atual" name="removerLogo" /> : null}
            </div>
          </div>
        </Card>

        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={saving}>
            Salvar perfil do negócio
          </Button>
          {success && !saving ? <Alert tone="success">{success.message}</Alert> : null}
        </div>
      </Form>
    </>
  );
}
