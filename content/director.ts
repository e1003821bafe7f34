import { sampleValues } from "./sample-values.ts";
import type { Director } from "./schema.ts";

/** The director's biography on /structure. A sample until the organisation supplies its own. */
export const director = {
  position: "Директор",
  fullName: sampleValues.directorName,
  sampleNotice: "Образец текста. Биография руководителя будет размещена учреждением.",
  biography: [
    "Окончил сельскохозяйственный вуз по специальности «Агрохимия и агропочвоведение».",
    "Работает в агрохимической службе с первых лет после окончания вуза: был агрохимиком, заведующим лабораторией, заместителем директора.",
    "Руководит учреждением, отвечает за выполнение государственного задания, развитие испытательного центра и проектной деятельности.",
  ],
} satisfies Director;
