// A screen still to be built: its heading, so the rail and tests can find it.
export function PlaceholderScreen({ name, about }: { name: string; about: string }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{name}</h1>
      <p>{about}</p>
    </section>
  );
}
