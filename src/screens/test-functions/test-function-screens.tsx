import { mdiFunctionVariant } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../api/client';
import { deleteTestFunction, testFunctionDeleted, testFunctionOptions } from '../../api/test-functions';
import { idParam, type ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { DeleteAction } from '../../components/delete-action';
import { ErrorPresenter } from '../../components/error-presenter';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { TestFunctionForm } from './test-function-form';

const back = { href: '/manage/testfunctions', label: 'All test functions' };

/** `/manage/testfunctions/new`. */
export function TestFunctionNewScreen({ title }: ScreenProps) {
  return (
    <>
      <PageHeader title={title} back={back} />
      <Card>
        <TestFunctionForm testFunction={null} />
      </Card>
    </>
  );
}

/** `/manage/testfunctions/{id}`: the edit form of one test function. */
export function TestFunctionEditScreen({ params, title }: ScreenProps) {
  const id = idParam(params, 'id');
  const query = useQuery(testFunctionOptions(id));
  if (id <= 0 || (query.isError && isNotFound(query.error))) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-gray-900">Test function not found</h1>
        <p className="text-secondary">There is no such test function; it may have been deleted.</p>
        <ButtonLink href={back.href} variant="secondary" icon={mdiFunctionVariant}>
          {back.label}
        </ButtonLink>
      </div>
    );
  }
  if (query.isPending) return <LoadingBlock label="Loading test function" />;
  if (!query.data) return <ErrorPresenter error={query.error} title="Could not load the test function" />;
  const fn = query.data;
  return (
    <>
      <PageHeader
        title={title}
        description={`${fn.name} · ${fn.type.name}`}
        back={back}
        actions={
          <DeleteAction
            kind="test function"
            name={fn.name}
            consequence="Test configurations will no longer be able to use it."
            remove={() => deleteTestFunction(fn.id)}
            refresh={(client) => testFunctionDeleted(client, fn)}
            leaveTo={back.href}
          />
        }
      />
      <Card>
        {/* Keyed by row: the values start from this function, never from the last one shown. */}
        <TestFunctionForm key={fn.id} testFunction={fn} />
      </Card>
    </>
  );
}
