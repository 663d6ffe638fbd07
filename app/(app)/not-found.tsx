import { NotFoundNotice } from '@/components/app-shell/not-found-notice';

// a page of the app that is not there for this person: inside the app's frame, the sidebar still at hand
export default function AppNotFound() {
  return <NotFoundNotice />;
}
