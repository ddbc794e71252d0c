import { BOOKING_CONSENT_TEXT } from "../../../shared/agenda/public-booking.ts";
import { HONEYPOT_FIELD } from "../../../shared/real-estate/lead-form.ts";
import { InlineScript } from "../ui/inline-script.tsx";
import { enhancePublicForms } from "./public-form-script.ts";
import { Step } from "./public-page-frame.tsx";

/** The spec's messages for each field, computed on the server (the page carries no zod). */
export interface ContactMessages {
  nome: { required: string; min: string };
  whatsapp: { required: string; invalid: string };
  email: { required: string; invalid: string };
}

const input =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger";

function ContactField({
  name,
  label,
  kind,
  messages,
  error,
  value,
  ...attrs
}: {
  name: "nome" | "whatsapp" | "email";
  label: string;
  kind: "text" | "phone" | "email";
  messages: Record<string, string>;
  error: string | undefined;
  value: string | undefined;
  type: string;
  autoComplete: string;
  inputMode?: "tel" | "email" | "text";
  maxLength: number;
  placeholder?: string;
}) {
  const id = `agendar-${name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        name={name}
        required
        defaultValue={value}
        data-kind={kind}
        data-msg-required={messages.required}
        data-msg-invalid={messages.invalid}
        data-msg-min={messages.min}
        data-min={kind === "text" ? 2 : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-erro`}
        className={input}
        {...attrs}
      />
      {/* Its line is kept when empty: a message that appears or goes on blur must not move the button under a tap. */}
      <p id={`${id}-erro`} className="min-h-5 text-sm text-danger" aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}

/** Step 4: name, WhatsApp and e-mail, posted with the choices (hidden) and the honeypot. */
export function BookingContactForm({
  choice,
  resumo,
  messages,
  errors,
  values,
}: {
  choice: { servico: string; profissional: string; inicio: number };
  resumo: string;
  messages: ContactMessages;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const formError = errors._form ?? errors.servico ?? errors.profissional ?? errors.inicio;
  return (
    <Step n={4} id="passo-dados" title="Seus dados">
      <p className="rounded-lg bg-muted p-3 text-sm">{resumo}</p>
      <form method="post" noValidate data-validate="" className="space-y-3" aria-labelledby="passo-dados">
        {formError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <input type="hidden" name="servico" value={choice.servico} />
        <input type="hidden" name="profissional" value={choice.profissional} />
        <input type="hidden" name="inicio" value={String(choice.inicio)} />
        <ContactField
          name="nome"
          label="Nome"
          kind="text"
          type="text"
          autoComplete="name"
          maxLength={120}
          messages={messages.nome}
          error={errors.nome}
          value={values.nome}
        />
        <ContactField
          name="whatsapp"
          label="WhatsApp"
          kind="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 91234-5678"
          maxLength={20}
          messages={messages.whatsapp}
          error={errors.whatsapp}
          value={values.whatsapp}
        />
        <ContactField
          name="email"
          label="E-mail"
          kind="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          messages={messages.email}
          error={errors.email}
          value={values.email}
        />
        {/* A field people never see: a bot that fills it is answered as booked and nothing is kept. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="agendar-site">Não preencha este campo</label>
          <input id="agendar-site" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <p className="text-xs text-fg-soft">{BOOKING_CONSENT_TEXT}</p>
        <button type="submit" className="btn btn-primary w-full" data-busy-label="Agendando…">
          Confirmar agendamento
        </button>
      </form>
      <InlineScript run={enhancePublicForms} />
    </Step>
  );
}
