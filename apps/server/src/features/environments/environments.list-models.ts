import { registerListModel } from '../../engine/list-models';
import { invitationsList, membersList } from './members.service';

/** Settings → users: both tabs are simpletable lists (spec 02 §7 "Generic list calls"). */
registerListModel('EnvironmentUser', membersList);
registerListModel('EnvironmentUserInvitation', invitationsList);
