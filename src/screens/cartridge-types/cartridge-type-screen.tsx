import { mdiChip, mdiPin } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import type { CartridgeTypeDetail } from '../../../contract/cartridge-types';
import { isNotFound } from '../../api/client';
import { cartridgeTypeDeleted, cartridgeTypeOptions, deleteCartridgeType } from '../../api/cartridge-types';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { CartridgeTypeForm } from './cartridge-type-form';
import { FirmwareTable } from './firmware-table';

const ALL = '/manage/cartridgetypes';

/** `/manage/cartridgetypes/{id}`: one type's name, connector pins and firmware versions. */
export function CartridgeTypeScreen({ params }: ScreenProps) {
  const id = idParam(params, 'id');
  const query = useQuery({ ...cartridgeTypeOptions(id), enabled: id > 0 });
  if (id <= 0 || (query.isError && isNotFound(query.error))) return <TypeNotFound />;
  if (query.isPending) return <LoadingBlock label="Loading cartridge type" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the cartridge type" />;
  return <TypePage type={query.data} />;
}

function TypePage({ type }: { type: CartridgeTypeDetail }) {
  return (
    <>
      <PageHeader
        title={type.name}
        description={`${type.pin_count} connector ${type.pin_count === 1 ? 'pin' : 'pins'} · ${type.firmware_count} firmware ${
          type.firmware_count === 1 ? 'version' : 'versions'
        }`}
        back={{ href: ALL, label: 'Cartridge types' }}
        actions={
          <DeleteAction
            kind="cartridge type"
            name={type.name}
            consequence="Its connector pins go with it. A type that cartridges or firmware versions still refer to is kept."
            remove={() => deleteCartridgeType(type.id)}
            refresh={(client) => cartridgeTypeDeleted(client, type)}
            leaveTo={ALL}
          />
        }
      />
      <div className="flex flex-col gap-6">
        {/* The firmware first: the pin table runs to 80 rows, and would bury it. */}
        <Card title="Firmware" icon={mdiChip}>
          <FirmwareTable type={type} />
        </Card>
        <Card title="Name and connector pins" icon={mdiPin}>
          {/* Keyed by type: the form starts from this type's values, never from the last one shown. */}
          <CartridgeTypeForm key={type.id} type={type} />
        </Card>
      </div>
    </>
  );
}

function TypeNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">Cartridge type not found</h1>
      <p className="text-secondary">There is no such cartridge type; it may have been deleted.</p>
      <ButtonLink href={ALL} variant="secondary">
        All cartridge types
      </ButtonLink>
    </div>
  );
}
