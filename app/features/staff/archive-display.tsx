/**
 * Small pieces the archive's pages share (issue 45): an act's state in words and colour, the
 * count of cases in words that agree with the figure, and the act's full title as printed.
 */
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { ArchiveActState } from "../../../domain/staff/archive-port.ts";
import { Tag, type TagTone } from "../../components/staff/tag/tag.tsx";

const stateLabels: Record<ArchiveActState, string> = {
  draft: "Проект",
  annulled: "Аннулирован",
  approved: "Утверждён",
};

const stateTones: Record<ArchiveActState, TagTone> = {
  draft: "warning",
  annulled: "neutral",
  approved: "success",
};

export function ActStateTag({ state }: { state: ArchiveActState }) {
  return <Tag tone={stateTones[state]}>{stateLabels[state]}</Tag>;
}

const pluralRules = new Intl.PluralRules("ru");
const caseWords = { one: "дело", few: "дела", many: "дел", other: "дела" } as const;

/** '1 дело', '3 дела', '5 дел': the figure with the word that agrees with it. */
export function casesCount(count: number): string {
  const word = caseWords[pluralRules.select(count) as keyof typeof caseWords] ?? "дел";
  return `${count} ${word}`;
}

/** «Акт № 1/2026 от 28.11.2026 о выделении к уничтожению документов, не подлежащих хранению». */
export function actTitle(act: { number: string; madeOn: string }): string {
  return `Акт № ${act.number} от ${formatRussianDate(act.madeOn)} о выделении к уничтожению документов, не подлежащих хранению`;
}

/** Where an act's page is. */
export function actPath(id: number): string {
  return `/staff/archive/acts/${id}`;
}
