import { BooleanField } from './fields/boolean-field';
import { DateField } from './fields/date-field';
import { DateTimeField } from './fields/datetime-field';
import { FileField, FilesField } from './fields/files-field';
import { MapField } from './fields/map-field';
import { ModelField, ModelsField } from './fields/model-field';
import { FloatField, IntegerField } from './fields/number-field';
import { ObjectField } from './fields/object-field';
import { PasswordField } from './fields/password-field';
import { StringField } from './fields/string-field';
import { TextField } from './fields/text-field';
import type { FieldRendererMap } from './types';

/** Every field type of the contract and its renderer: closed, so a new type must get one here. */
export const fieldRenderers: FieldRendererMap = {
  string: StringField,
  text: TextField,
  integer: IntegerField,
  float: FloatField,
  password: PasswordField,
  boolean: BooleanField,
  map: MapField,
  object: ObjectField,
  date: DateField,
  datetime: DateTimeField,
  model: ModelField,
  models: ModelsField,
  file: FileField,
  files: FilesField,
};
