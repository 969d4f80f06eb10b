import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 02 §2: no deck id goes to the library. */
export const Route = createFileRoute('/_app/deck/')({
  beforeLoad: () => {
    throw redirect({ to: '/library', replace: true });
  },
});
