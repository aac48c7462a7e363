import type { ScreenProps } from '../../app/screen-props';
import { PageHeader } from '../../components/page-header';
import { NewRequestForm } from './new-request-form';

/** `/manage/requests/new`: a customer's request entered by a superadmin, with its documents. */
export function NewRequestScreen({ title }: ScreenProps) {
  return (
    <>
      <PageHeader
        title={title}
        description="The customer’s documents and what the project is; processing starts on the next page."
        back={{ href: '/manage/requests', label: 'Project requests' }}
      />
      <NewRequestForm />
    </>
  );
}
