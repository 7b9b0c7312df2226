// One section of My Avatars (gallery-page.tsx): a day's avatars, or all of them when sorted by likeness.
export function DayGroup({
  day,
  heading,
  children,
}: {
  day: string;
  heading: string;
  children: React.ReactNode;
}) {
  return (
    <section className="day-group" aria-labelledby={`day-${day}`} data-testid="day-group">
      <h2 id={`day-${day}`} className="day-group__heading">
        {heading}
      </h2>
      <ul className="media-grid task-grid">{children}</ul>
    </section>
  );
}
