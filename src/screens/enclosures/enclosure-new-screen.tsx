import type { ScreenProps } from '../../app/screen-props';
import { PageHeader } from '../../components/page-header';
import { EnclosureForm } from './enclosure-form';

/** `/manage/enclosures/new`: a jig is registered unprovisioned; its page provisions it. */
export function EnclosureNewScreen({ title }: ScreenProps) {
  return (
    <>
      <PageHeader
        title={title}
        description="A new jig holds no secret yet: provision it on its page to get the signature it sends."
        back={{ href: '/manage/enclosures', label: 'All enclosures' }}
      />
      <EnclosureForm />
    </>
  );
}
