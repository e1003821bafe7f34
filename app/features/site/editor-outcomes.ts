// What the site editor's page says after each finished action, by its `?done=` (staff-site-page.tsx).
/** What each finished action says above the editor (`?done=`). */
export const editorOutcomes: Record<string, string> = {
  saved: "Черновик сохранён. На сайте прежняя редакция.",
  submitted: "Передано на согласование руководителю. На сайте прежняя редакция.",
  published: "Опубликовано: страница на сайте обновлена.",
  returned: "Возвращено на доработку.",
  scheduled:
    "Запланировано: страница на сайте обновится в назначенное время, до тех пор на сайте прежняя редакция.",
  unscheduled:
    "Публикация по расписанию отменена: редакция снова черновик. На сайте прежняя редакция.",
};
