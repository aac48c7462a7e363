import { useTranslation } from 'react-i18next';
import type { FailingStep } from '../../../contract/station';
import { limitWords, measuredWords } from './step-words';

/** The failing steps in words: what was measured against which limits. */
export function FailingSteps({ steps }: { steps: FailingStep[] }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="w-full text-left text-lg sm:text-xl">
      <caption className="pb-2 text-left text-xl font-semibold">{t('fail.steps')}</caption>
      <thead>
        <tr className="border-b border-white/60">
          <th scope="col" className="py-1 pr-4">
            {t('fail.step')}
          </th>
          <th scope="col" className="py-1 pr-4">
            {t('fail.measured')}
          </th>
          <th scope="col" className="py-1">
            {t('fail.limits')}
          </th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step, i) => (
          <tr key={`${step.name}-${i}`} className="border-b border-white/30">
            <th scope="row" className="py-1 pr-4 font-semibold">
              {step.name}
            </th>
            <td className="py-1 pr-4 font-bold">{measuredWords(step, t, i18n.language)}</td>
            <td className="py-1">{limitWords(step, t, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
