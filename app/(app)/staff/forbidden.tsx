import { Forbidden } from '@/components/staff/forbidden';

/** The staff pages' forbidden() (a non-staff person): status 403, inside the app shell like any other page. */
export default function StaffForbidden() {
  return <Forbidden />;
}
