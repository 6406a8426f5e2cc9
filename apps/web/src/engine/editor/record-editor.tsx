import { newRecordId, type RecordFormData, removeRecord, saveRecord } from '@kontor/contract/api/records';
import { formFieldKeys } from '@kontor/contract/logic/form-fields';
import { Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, hasErrorCode, isApiError, messageOf } from '../../api/api';
import { useEnvironment } from '../../environment/environment-context';
import { useT } from '../../i18n/i18n';
import { alertBar } from '../../ui/alert-bar';
import { useDialogs } from '../../ui/confirm';
import { PageTitleBar } from '../../ui/page-title-bar';
import { asFieldErrors, invalidNumbers } from '../form/client-checks';
import { fieldOfPath } from '../form/element-fields';
import { RecordForm } from '../form/record-form';
import type { RecordPaths } from '../record-paths';
import { recordKeys } from '../records.queries';
import {
  FailureAlert,
  ReadOnlyNote,
  type ReadOnlyReason,
  recordTitleActions,
  type SaveFailure,
  StageLine,
} from './editor-notices';
import { SaveBar } from './save-bar';
import saveBarClasses from './save-bar.module.css';
import { useLeaveGuard } from './use-leave-guard';
import { useRecordFormState } from './use-record-form-state';

/**
 * The generic form screen (spec 01 §2, §4): title bar with stage and actions, the form engine,
 * 'Speichern' (also Ctrl/Cmd+S) and 'Entfernen'. The first save of a new record moves to its own
 * route; a stale version says so and offers to reload; unsaved changes are guarded.
 */
export function RecordEditor({
  data,
  id,
  paths,
  onReload,
  afterWrite,
}: {
  data: RecordFormData;
  id: string;
  paths: RecordPaths;
  onReload: () => void;
  /** Called after a save or removal (the tax settings refresh the environment). */
  afterWrite?: () => void;
}) {
  const t = useT();
  const { envKey, canEdit, environment } = useEnvironment();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useRecordFormState(data);
  const guard = useLeaveGuard(form.dirty);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [saved, setSaved] = useState(false);
  const isNew = id === newRecordId;
  const readOnly = data.readOnly || !canEdit;
  const readOnlyReason: ReadOnlyReason = data.stage?.editDisabled
    ? 'stage'
    : environment.status !== 'active'
      ? 'inactive'
      : 'role';
  const shown = new Set(formFieldKeys(data.form));

  // Lists, counts and selector labels follow a write; the form itself reloads only after a save
  // (after a removal it would ask for a record that is gone).
  const written = (removed = false) => {
    void queryClient.invalidateQueries({ queryKey: recordKeys.lists(envKey, data.type) });
    void queryClient.invalidateQueries({ queryKey: recordKeys.details(envKey, data.type) });
    void queryClient.invalidateQueries({ queryKey: recordKeys.selector(envKey) });
    if (!removed) void queryClient.invalidateQueries({ queryKey: recordKeys.form(envKey, data.type, id) });
    afterWrite?.();
  };

  const save = useMutation({
    mutationFn: (sent: Record<string, unknown>) =>
      api.send(saveRecord, { _env: envKey, type: data.type, id, data: sent, version: form.version }),
    onMutate: () => setFailure(null),
    onSuccess: ({ data: result, message }, sent) => {
      form.markSaved(sent, result.version);
      form.setErrors({});
      setSaved(true);
      alertBar.push({
        id: 'records-saved',
        kind: 'success',
        message: message ?? t('records.saveSuccess'),
        page: isNew ? paths.edit(result.key) : undefined,
      });
      if (isNew) {
        guard.release();
        navigate(paths.edit(result.key), { replace: true });
      }
      written();
    },
    onError: (error) => {
      const errors = isApiError(error) ? error.errors : {};
      form.setErrors(errors);
      const others = Object.entries(errors)
        .filter(([path]) => !shown.has(fieldOfPath(path)))
        .map(([path, messages]) => `${data.fields[fieldOfPath(path)]?.label ?? path}: ${messages.join(' ')}`);
      const stale = hasErrorCode(error, 'stale_version');
      setFailure({ message: messageOf(error, t('records.saveFailed')), stale, others });
    },
  });

  const remove = useMutation({
    mutationFn: () => api.send(removeRecord, { _env: envKey, type: data.type, id }),
    onMutate: () => setFailure(null),
    onSuccess: ({ message }) => {
      alertBar.push({
        id: 'records-removed',
        kind: 'success',
        message: message ?? t('records.removeSuccess'),
        page: paths.list,
      });
      guard.release();
      navigate(paths.list);
      written(true);
    },
    onError: (error) => setFailure({ message: messageOf(error, t('records.removeFailed')) }),
  });

  const submit = () => {
    if (readOnly || save.isPending || remove.isPending) return;
    const invalid = invalidNumbers(Object.values(data.fields), form.values);
    if (Object.keys(invalid).length > 0) {
      form.setErrors(asFieldErrors(invalid, t));
      setFailure({ message: t('records.saveInvalid') });
      return;
    }
    save.mutate(form.values);
  };
  // After a failed save the first marked field (or the message) comes into view: the save button may sit far below.
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failure) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ?? alertRef.current;
    target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    invalid?.focus({ preventScroll: true });
  }, [failure]);

  const submitRef = useRef(submit);
  submitRef.current = submit;
  useHotkeys([['mod+S', () => submitRef.current()]], [], true);

  const askRemove = async () => {
    const yes = await dialogs.confirm({
      title: t('records.removeTitle'),
      text: t('records.removeQuestion'),
      confirmLabel: t('records.remove'),
      danger: true,
    });
    if (yes) remove.mutate();
  };

  const actions = isNew
    ? []
    : recordTitleActions(data, id, paths, canEdit, t('records.preview'), {
        xrechnung: t('einvoice.downloadXrechnung'),
        zugferd: t('einvoice.downloadZugferd'),
      });

  return (
    <>
      <PageTitleBar title={data.singular} back={{ to: paths.list }} actions={actions} />
      <Stack gap="lg">
        {data.stage && <StageLine stage={data.stage} />}
        {readOnly && <ReadOnlyNote reason={readOnlyReason} />}
        {failure && (
          <FailureAlert ref={alertRef} failure={failure} onClose={() => setFailure(null)} onReload={onReload} />
        )}
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <RecordForm
            elements={data.form}
            fields={data.fields}
            values={form.values}
            onValuesChange={form.setValues}
            errors={form.errors}
            onErrorsChange={form.setErrors}
            readOnly={readOnly}
          />
          {/* Enter in a field saves, as in the settings (issue 31 item 8): a form submits on Enter
              only when it holds a submit button; the visible one sits in the sticky save bar. */}
          {!readOnly && (
            <button type="submit" className={saveBarClasses.implicitSubmit} tabIndex={-1} aria-hidden="true" />
          )}
        </form>
        {!readOnly && (
          <SaveBar
            dirty={form.dirty}
            saved={saved}
            saving={save.isPending}
            removing={remove.isPending}
            canSave={canEdit}
            canRemove={!isNew && data.rights.delete}
            onSave={submit}
            onRemove={() => void askRemove()}
          />
        )}
      </Stack>
    </>
  );
}
