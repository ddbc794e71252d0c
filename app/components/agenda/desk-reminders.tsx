import { formatDateTimeIn, formatTimeIn } from "../../../shared/time-zone.ts";
import type { DeskData } from "../../server/agenda/desk.server.ts";
import { buttonClass } from "../ui/button.tsx";

/**
 * Tomorrow's reminders (ADR 061): the job e-mails each client the day before (with links to
 * confirm or cancel); here the business sends the same reminder by WhatsApp with one tap
 * (wa.me with the message prefilled — WhatsApp opens on the client's chat, nothing is sent alone).
 */
export function ReminderList({ data }: { data: DeskData }) {
  if (!data.reminders.length) return null;
  return (
    <section aria-labelledby="lembretes-amanha" className="mt-6 rounded-xl border border-line bg-surface p-3 sm:p-4">
      <h2 id="lembretes-amanha" className="text-base font-semibold">
        Lembretes de amanhã
      </h2>
      <p className="text-sm text-fg-soft">
        {data.remindersEnabled
          ? "Os clientes com e-mail recebem o lembrete na véspera. Envie também pelo WhatsApp com um toque."
          : "Os lembretes por e-mail estão desligados em Configurações do Negócio. Envie pelo WhatsApp com um toque."}
      </p>
      <ul className="mt-3 space-y-2">
        {data.reminders.map((r) => (
          <li
            key={r.id}
            className="flex min-w-0 flex-wrap items-center gap-2 rounded-lg border border-line p-3 text-sm"
            data-testid="desk-reminder"
          >
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold">
                {formatTimeIn(r.inicio, data.timeZone)} · {r.clienteNome}
              </p>
              <p className="break-words text-fg-soft">
                {r.servicos.join(", ") || "Agendamento"} com {r.profissionalNome}
              </p>
              <p className="text-xs text-fg-soft">
                {r.preparadoEm !== null
                  ? `Lembrete preparado em ${formatDateTimeIn(r.preparadoEm, data.timeZone)}`
                  : "Lembrete ainda não preparado"}
              </p>
            </div>
            {r.whatsapp ? (
              <a
                href={r.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass("secondary")}
                aria-label={`Enviar lembrete pelo WhatsApp para ${r.clienteNome} (abre o WhatsApp)`}
              >
                WhatsApp
              </a>
            ) : (
              <span className="text-xs text-fg-soft">Sem telefone</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
