/**
 * The public booking page `/agendar/{slug}` and the client's appointment page
 * `/agendamento/{token}` (ADR 062): what their views carry, client-safe and without zod, so the
 * pages' HTML stays light (ADR 029). The contact schema is in booking-contact.ts.
 */

/** "Qualquer um" in the page's address (`?profissional=qualquer`): the first free professional. */
export const ANY_PROFESSIONAL = "qualquer";

/** How many days of free slots one page shows (then "Ver mais dias"). */
export const SLOT_DAYS_PER_PAGE = 7;

/** The text beside the booking form (LGPD: what is done with the data). */
export const BOOKING_CONSENT_TEXT =
  "Ao agendar, você concorda que seus dados sejam usados apenas para este agendamento e seus lembretes, conforme a LGPD. Você pode pedir a exclusão a qualquer momento.";

/** A service offered online. */
export interface PublicService {
  id: string;
  nome: string;
  categoria: string | null;
  duracaoMin: number;
  precoCentavos: number;
  descricao: string | null;
}

/** A professional offered online, with the services (ids) they perform. */
export interface PublicProfessional {
  id: string;
  nome: string;
  servicoIds: string[];
}

/** The business as the booking page shows it (nothing internal beyond the catalogue's ids). */
export interface PublicBookingBusiness {
  negocio: string;
  slug: string;
  /** The organização's IANA zone: every time on the page is in it. */
  timeZone: string;
  /** The landing page's colour (absent: the product's). */
  cor: string | null;
  servicos: PublicService[];
  profissionais: PublicProfessional[];
}

/** One free start on the page: the instant, and its wall-clock time in the zone. */
export interface PublicSlot {
  inicio: number;
  hora: string;
}

/** Free starts of one day of the zone ("aaaa-mm-dd"), with its pt-BR label ("sexta-feira, 27/11"). */
export interface PublicSlotDay {
  dia: string;
  rotulo: string;
  horarios: PublicSlot[];
}

/** The services grouped by category, categories in alphabetical order ("Outros serviços" last). */
export function servicesByCategory(servicos: readonly PublicService[]): { categoria: string; servicos: PublicService[] }[] {
  const groups = new Map<string, PublicService[]>();
  for (const s of servicos) {
    const key = s.categoria?.trim() || "";
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b, "pt-BR")))
    .map(([categoria, list]) => ({ categoria: categoria || "Outros serviços", servicos: list }));
}

/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** What the client's page shows of an appointment (no internal id, no other client's data). */
export interface PublicAppointment {
  negocio: string;
  timeZone: string;
  /** The client's first name (a greeting; the rest stays with the business). */
  cliente: string;
  profissional: string;
  servicos: string[];
  inicio: number;
  fim: number;
  totalCentavos: number;
  status: "pendente" | "confirmado" | "em_atendimento" | "concluido" | "cancelado" | "faltou";
  /** Whether the client may still confirm, cancel or reschedule online, and why not. */
  pode: { confirmar: boolean; cancelar: boolean; remarcar: boolean };
  /** Why the client can no longer change it online (empty when they can). */
  aviso: string | null;
  /** The business's WhatsApp (digits) and the booking page's slug, to get in touch or book again. */
  whatsapp: string | null;
  slug: string | null;
}

/** "sexta-feira, 27 de novembro" in the zone. */
export function formatDayLong(instant: number, zone: string): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone: zone, weekday: "long", day: "numeric", month: "long" }).format(instant);
}

/** "sexta-feira, 27 de novembro, às 14:30" in the zone. */
export function formatWhen(instant: number, zone: string): string {
  const time = new Intl.DateTimeFormat("pt-BR", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
  return `${formatDayLong(instant, zone)}, às ${time}`;
}
