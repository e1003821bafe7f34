/**
 * «Ответ не доставлен: N» on the registry's list (issue 46): answers whose mail did not reach the
 * author (bounced for good, or failed every try), to print and post or send again. A head sees
 * all of them, an executor theirs; nobody else is told (the count is 0).
 */
export function UndeliveredNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <div className="staff-notice" role="status" data-testid="undelivered-answers">
      <strong>Ответ не доставлен: {count}</strong>. Такие обращения — среди тех, на которые дан
      ответ: <a href="/staff?state=answered">показать обращения с ответом</a>; на странице обращения
      — «Отправить по почте» или «Отправить повторно».
    </div>
  );
}
