/**
 * What the form loads on its first focus rather than with the page (the island's script must
 * stay within 70 KB gzipped): the shared schema (zod), and the sending of an appeal with files
 * with the list of the files chosen.
 * Built on its own by vite.island-schema.config.ts; loaded by components/load-appeal-schema.ts.
 */
export { validateAppeal } from "../../../domain/appeals/appeal-schema.ts";
export { checkChosenFiles, sendAppealWithFiles } from "./api/send-appeal-with-files.ts";
export { chosenFilesList } from "./components/chosen-files.tsx";
