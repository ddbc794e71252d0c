import { useState } from "react";
import { COMMISSION_KIND, type CommissionKind, ONLINE_BOOKING_STATUS } from "../../../shared/enums/agenda.ts";
import { commissionText, NOTICE_OPTIONS, SLOT_MINUTES } from "../../../shared/organization/agenda-settings-options.ts";
import type { BusinessSettings } from "../../../shared/organization/business-settings.ts";
import { Card } from "../ui/card.tsx";
import { Field, SelectField } from "../ui/form.tsx";

type Errors = Record<string, string> | undefined;

const boxClass =
  "flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-surface p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40";

/** A checkbox that posts "off" when unticked (the last value wins), with its explanation. */
function Toggle({ name, label, help, checked }: { name: string; label: string; help: string; checked: boolean }) {
  return (
    <>
      <input type="hidden" name={name} value="off" />
      <label className={boxClass}>
        <input
          type="checkbox"
          name={name}
          value="on"
          defaultChecked={checked}
          aria-describedby={`${name}-ajuda`}
          className="mt-1 size-4 accent-[var(--c-accent)]"
        />
        <span>
          <span className="block font-semibold">{label}</span>
          <span id={`${name}-ajuda`} className="mt-0.5 block text-sm text-fg-soft">
            {help}
          </span>
        </span>
      </label>
    </>
  );
}

/**
 * The agenda section of Configurações do Negócio (ADR 063): the grid, the buffer, the notice and
 * horizon of bookings, online booking and how it arrives, reminders, the default commission. Part
 * of the page's one form (one save, one row).
 */
export function AgendaSettingsCard({
  settings,
  errors,
  values,
}: {
  settings: BusinessSettings;
  errors: Errors;
  values: Record<string, string> | undefined;
}) {
  const [kind, setKind] = useState<CommissionKind>(settings.comissaoPadraoTipo);
  const typed = (name: keyof BusinessSettings, fallback: string): string => values?.[name] ?? fallback;
  return (
    <Card title="Agenda">
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <SelectField
              label="Intervalo da agenda"
              name="agendaIntervaloMin"
              required
              options={SLOT_MINUTES.map((m) => ({ value: String(m), label: `${m} minutos` }))}
              defaultValue={typed("agendaIntervaloMin", String(settings.agendaIntervaloMin))}
              error={errors?.agendaIntervaloMin}
            />
            <p className="mt-1.5 text-sm text-fg-soft">
              A grade dos horários oferecidos: com 30 minutos, 09:00, 09:30, 10:00… Mudar não altera agendamentos já marcados.
            </p>
          </div>
          <div>
            <Field
              label="Intervalo entre atendimentos (minutos)"
              name="agendaFolgaMin"
              inputMode="numeric"
              required
              defaultValue={typed("agendaFolgaMin", String(settings.agendaFolgaMin))}
              error={errors?.agendaFolgaMin}
              hint="Tempo livre depois de cada atendimento (limpeza, preparo). 0 para nenhum."
            />
          </div>
          <div>
            <SelectField
              label="Antecedência mínima"
              name="agendaAntecedenciaMin"
              required
              options={NOTICE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
              defaultValue={typed("agendaAntecedenciaMin", String(settings.agendaAntecedenciaMin))}
              error={errors?.agendaAntecedenciaMin}
            />
            <p className="mt-1.5 text-sm text-fg-soft">Novos agendamentos só a partir de agora mais esta antecedência.</p>
          </div>
          <div>
            <Field
              label="Agendamento online até (dias à frente)"
              name="agendaHorizonteDias"
              inputMode="numeric"
              required
              defaultValue={typed("agendaHorizonteDias", String(settings.agendaHorizonteDias))}
              error={errors?.agendaHorizonteDias}
              hint="Até quantos dias à frente a página de agendamento oferece horários (1 a 365)."
            />
          </div>
        </div>
        <Toggle
          name="agendamentoOnline"
          label="Agendamento online"
          help="Ligado, seus clientes escolhem serviço, profissional e horário e agendam sozinhos pela página de agendamento, com link na sua landing page."
          checked={settings.agendamentoOnline}
        />
        <div className="rounded-xl border border-line bg-surface p-4">
          <SelectField
            label="Agendamentos online chegam como"
            name="agendamentoOnlineStatus"
            required
            options={ONLINE_BOOKING_STATUS.options.map((o) => ({
              value: o.value,
              label: o.value === "pendente" ? "Pendente (a equipe confirma)" : "Confirmado (sem confirmação)",
            }))}
            defaultValue={typed("agendamentoOnlineStatus", settings.agendamentoOnlineStatus)}
            error={errors?.agendamentoOnlineStatus}
          />
        </div>
        <Toggle
          name="lembretes"
          label="Lembretes na véspera"
          help="Na véspera, cada cliente recebe um e-mail com links para confirmar ou cancelar, e a agenda mostra o link de WhatsApp com a mensagem pronta."
          checked={settings.lembretes}
        />
        <fieldset className="min-w-0 rounded-xl border border-line bg-surface p-4">
          <legend className="px-1 text-sm font-semibold">Comissão padrão</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Tipo"
              name="comissaoPadraoTipo"
              required
              options={COMMISSION_KIND.options}
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value === "fixo" ? "fixo" : "percentual")}
              error={errors?.comissaoPadraoTipo}
            />
            <Field
              label={kind === "fixo" ? "Valor por serviço (R$)" : "Percentual do preço (%)"}
              name="comissaoPadraoValor"
              inputMode="decimal"
              required
              defaultValue={typed("comissaoPadraoValor", commissionText(settings.comissaoPadraoTipo, settings.comissaoPadraoValor))}
              error={errors?.comissaoPadraoValor}
            />
          </div>
          <p className="mt-2 text-sm text-fg-soft">
            Vale para os serviços e profissionais sem comissão própria: o serviço decide primeiro, depois o profissional, depois esta.
          </p>
        </fieldset>
      </div>
    </Card>
  );
}
