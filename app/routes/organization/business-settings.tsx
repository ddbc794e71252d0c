import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/business-settings";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field, FormError, SelectField } from "../../components/ui/form.tsx";
import { AgendaSettingsCard } from "../../components/organization/agenda-settings-card.tsx";
import { formatDateTime, formatNumber } from "../../../shared/format.ts";
import { businessSettingsSchema } from "../../../shared/organization/business-settings.ts";
import { TIME_ZONES } from "../../../shared/time-zone.ts";
import { titleMeta } from "../../lib/title.ts";
import { parseForm } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { getBusinessSettings, updateBusinessSettings } from "../../../worker/services/organization/business-settings.ts";

export const meta: Route.MetaFunction = () => titleMeta("Configurações do Negócio");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "business-settings", "read");
  const settings = await getBusinessSettings(serviceContext(rc), actor);
  return {
    settings,
    updated: settings.atualizadoEm
      ? `Alterado em ${formatDateTime(settings.atualizadoEm, settings.fusoHorario)}${settings.atualizadoPorNome ? ` por ${settings.atualizadoPorNome}` : ""}.`
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, actor } = requirePermission(context, request, "business-settings", "update");
  const parsed = await parseForm(request, businessSettingsSchema);
  if (!parsed.ok) return parsed.response;
  await updateBusinessSettings(serviceContext(rc), actor, parsed.data);
  throw redirect("/business-settings?salvo=1");
}

export default function BusinessSettingsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const saved = params.get("salvo") === "1" && navigation.state === "idle";
  return (
    <>
      <PageHeader
        title="Configurações do Negócio"
        description="Regras que valem para toda a equipe: estoque, corretores, fuso horário, IA e agenda."
      />
      {saved ? (
        <div className="mb-4">
          <Alert tone="success">Configurações salvas.</Alert>
        </div>
      ) : null}
      <Form method="post" className="space-y-6">
        <FormError errors={result?.errors} />
        <Card title="Estoque, equipe, fuso horário e IA">
          <div className="space-y-5">
            <input type="hidden" name="estoqueNegativo" value="off" />
            <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40">
              <input
                type="checkbox"
                name="estoqueNegativo"
                value="on"
                defaultChecked={loaderData.settings.estoqueNegativo}
                aria-describedby="estoque-negativo-ajuda"
                className="mt-1 size-4 accent-[var(--c-accent)]"
              />
              <span>
                <span className="block font-semibold">Permitir estoque negativo</span>
                <span id="estoque-negativo-ajuda" className="mt-0.5 block text-sm text-fg-soft">
                  Desligado (recomendado), uma saída maior que o saldo é recusada, mesmo quando duas pessoas registram ao mesmo tempo.
                  Ligado, a saída é aceita e o produto fica com saldo negativo até a próxima entrada.
                </span>
              </span>
            </label>
            <input type="hidden" name="corretorApenasSeus" value="off" />
            <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40">
              <input
                type="checkbox"
                name="corretorApenasSeus"
                value="on"
                defaultChecked={loaderData.settings.corretorApenasSeus}
                aria-describedby="corretor-apenas-seus-ajuda"
                className="mt-1 size-4 accent-[var(--c-accent)]"
              />
              <span>
                <span className="block font-semibold">Corretores veem só os próprios imóveis e interesses</span>
                <span id="corretor-apenas-seus-ajuda" className="mt-0.5 block text-sm text-fg-soft">
                  Ligado, cada corretor vê e altera apenas os imóveis que captou ou de que é o corretor responsável, e os interesses que
                  atende: listas, totais, quadro e buscas deixam de fora os dos colegas. Desligado (padrão), todos veem tudo.
                </span>
              </span>
            </label>
            <div className="rounded-xl border border-line bg-surface p-4">
              <SelectField
                label="Fuso horário"
                name="fusoHorario"
                required
                options={TIME_ZONES.options}
                defaultValue={result?.values?.fusoHorario ?? loaderData.settings.fusoHorario}
                error={result?.errors?.fusoHorario}
              />
              <p className="mt-1.5 text-sm text-fg-soft">
                Datas e horas de toda a equipe (listas, agenda, posts agendados, e-mails) são mostradas e digitadas neste fuso. Segue o
                horário oficial da região, inclusive se o horário de verão voltar.
              </p>
            </div>
            <div className="rounded-xl border border-line bg-surface p-4">
              <Field
                label="Limite mensal de tokens de IA"
                name="limiteTokensIaMensal"
                inputMode="numeric"
                required
                defaultValue={result?.values?.limiteTokensIaMensal ?? formatNumber(loaderData.settings.limiteTokensIaMensal)}
                error={result?.errors?.limiteTokensIaMensal}
                hint="Token é a unidade em que a IA mede o texto que lê e escreve: uma legenda com variações gasta cerca de 3.000."
              />
              <p className="mt-1.5 text-sm text-fg-soft">
                Vale para toda a equipe no mês do calendário. Ao atingir o limite, a geração com IA para até o mês seguinte. Use 0 para não
                usar IA. Padrão: 1.000.000 (cerca de 300 legendas por mês).
              </p>
            </div>
          </div>
        </Card>
        <AgendaSettingsCard settings={loaderData.settings} errors={result?.errors} values={result?.values} />
        {loaderData.updated ? <p className="text-sm text-fg-soft">{loaderData.updated}</p> : null}
        <Button type="submit" busy={navigation.state === "submitting"}>
          Salvar configurações
        </Button>
      </Form>
    </>
  );
}
