import { data } from 'react-router';

/** Any path no other route claims. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
