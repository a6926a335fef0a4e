/** The baseline of `npm run bench`: a bare, static Next.js page. */
export default function Page() {
  return <h1>Bare page</h1>;
}
