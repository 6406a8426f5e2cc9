import { UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import classes from './setup-wizard.module.css';

/** `label` is the small overline ('Schritt 1'), `title` the step's name. */
type WizardStep = Readonly<{ label?: string; title: string }>;

type WizardStepsProps = Readonly<{
  steps: readonly WizardStep[];
  active: number;
  /** Saved steps: shown with a check and clickable to go back (spec 01 §2). */
  done: ReadonlySet<number>;
  onSelect: (index: number) => void;
}>;

/** The wizard's step list: number or check, overline and title; saved steps are buttons. */
export function WizardSteps({ steps, active, done, onSelect }: WizardStepsProps) {
  return (
    <ol className={classes.steps}>
      {steps.map((step, index) => {
        const isDone = done.has(index);
        const current = index === active;
        const body = (
          <>
            <span className={classes.stepDot} aria-hidden>
              {isDone && !current ? <IconCheck size={16} stroke={2.6} /> : index + 1}
            </span>
            <span className={classes.stepText}>
              {step.label && <span className={classes.stepLabel}>{step.label}</span>}{' '}
              <span className={classes.stepDescription}>{step.title}</span>
            </span>
          </>
        );
        return (
          <li
            key={step.title}
            className={classes.step}
            data-done={isDone || undefined}
            data-current={current || undefined}
            aria-current={current ? 'step' : undefined}
          >
            {isDone && !current ? (
              <UnstyledButton className={classes.stepInner} onClick={() => onSelect(index)}>
                {body}
              </UnstyledButton>
            ) : (
              <div className={classes.stepInner}>{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
