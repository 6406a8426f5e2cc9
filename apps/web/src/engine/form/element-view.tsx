import type { FormElement } from '@kontor/contract/api/record-types';
import { isVisible } from '@kontor/contract/logic/conditions';
import { Grid } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { columnsOf } from './element-fields';
import { FieldElement } from './field-element';
import { FieldProblem } from './fields/field-problem';
import { useFormEngine } from './form-context';
import { ButtonElement, CardElement, ContainerElement, TabsElement } from './layout-elements';
import { elementKindOf } from './registry';

/** Elements in the grid of 12; each takes its `columns` from tablet width on, the full row on phones. */
export function ElementList({ elements }: { elements: readonly FormElement[] }) {
  const { values } = useFormEngine();
  return (
    <Grid gap="md">
      {elements.map((element, index) =>
        isVisible(element.visible, values) ? (
          // Definitions carry no ids; their order is their identity.
          <Grid.Col key={index} span={{ base: 12, md: columnsOf(element) }}>
            <ElementView element={element} />
          </Grid.Col>
        ) : null,
      )}
    </Grid>
  );
}

/** One element by its kind (built in, or registered by a feature); a kind without a renderer shows an error. */
function ElementView({ element }: { element: FormElement }) {
  const t = useT();
  switch (element.type) {
    case 'field':
      return <FieldElement element={element} />;
    case 'tabs':
      return <TabsElement element={element} />;
    case 'card':
      return <CardElement element={element} />;
    case 'container':
      return <ContainerElement element={element} />;
    case 'button':
      return <ButtonElement element={element} />;
    default: {
      const Registered = elementKindOf(String((element as { type?: unknown }).type));
      if (Registered) return <Registered element={element} />;
      return (
        <FieldProblem>
          {t('records.unknownElementType', { type: String((element as { type?: unknown }).type) })}
        </FieldProblem>
      );
    }
  }
}
