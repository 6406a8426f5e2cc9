import { registerListModel } from '../../engine/list-models';
import { answersList, formsList } from './query-forms.service';

/** The form list and the answers table are simpletable lists (spec 02 §7). */
registerListModel('QueryForm', formsList);
registerListModel('QueryFormAnswer', answersList);
