# ruff: noqa: E501  (CSS and JavaScript kept as written)
"""The HTML report's stylesheet and script, kept as Python strings so that they ship with
the package whatever the build backend's data-file rules (see html.py for what they do)."""

CSS = r"""
body{margin:1.5rem;color:#222;max-width:1400px}
code{background:#f3f3f3;padding:2px 4px;word-break:break-all}
.badge{color:#fff;border-radius:3px;padding:0 5px;font-size:.85em;white-space:nowrap;background:#555}
.s-supported,.s-found{background:#2e7d32}.s-partial{background:#f9a825;color:#222}.s-missing{background:#c62828}
.s-contradicted{background:#6a1b9a}.s-uncertain{background:#ef6c00}.s-not_applicable{background:#9e9e9e}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}
.matrix td{text-align:right;white-space:nowrap}.na{background:#ddd}
.side{display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start}.side>div{flex:1 1 480px;min-width:0}
.bar{display:flex;height:18px;background:#eee;min-width:160px;border-radius:2px;overflow:hidden}
.seg{display:block;min-width:2px}.legend{font-size:.8em;display:flex;flex-wrap:wrap;gap:.2rem .8rem;margin:.2rem 0 .6rem}
.key i{display:inline-block;width:.8em;height:.8em;margin-right:.25em;vertical-align:middle}
.kinds td{min-width:220px}.scroll{overflow-x:auto}.loss h4{margin:.4rem 0 .2rem}
a.count{margin:0 .2rem}.note{color:#6a1b9a}.problem{color:#c62828}
.controls{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}
th.sortable{cursor:pointer;user-select:none}th[aria-sort=ascending]:after{content:" ▲"}th[aria-sort=descending]:after{content:" ▼"}
tr.row{cursor:pointer}tr.row:hover{background:#f5f9ff}tr.detail>td{background:#fafafa}
blockquote{border-left:3px solid #ccc;margin:.3rem 0;padding:.2rem .6rem;white-space:pre-wrap;overflow-wrap:anywhere}
.item-head{font-size:.8em;color:#555;white-space:normal}
mark.ev{background:#ffeb3b}mark.f-found{background:#c8e6c9}mark.f-uncertain{background:#ffe0b2}
mark.f-contradicted{background:#e1bee7}mark.t-found{text-decoration:underline 2px #2e7d32}
mark.t-conflicting{text-decoration:underline 2px #c62828;background:#ffcdd2}mark.t-ambiguous{text-decoration:underline dotted #ef6c00}
.cut{color:#c62828;font-weight:bold;padding:0 .2em}.tok.t-conflicting,.tok.t-absent{color:#c62828}
.pager{margin:.5rem 0}
td.reason{max-width:28em;font-size:.85em;color:#444;overflow-wrap:anywhere}
.side-by-side .lost,.where{font-size:.8em;color:#555}
"""

SCRIPT = r"""
(function(){
'use strict';
var D,S,T,ST,PAGE=50,rows,groups,shown;
var SEVERITY={contradicted:0,missing:1,uncertain:2,partial:3,not_applicable:4,supported:5,found:6};
function str(i){return i<0||i==null?'':S[i];}
function txt(i){return i<0||i==null?'':T[i];}
function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;
  if(text!=null)e.textContent=String(text);return e;}
function add(parent){for(var i=1;i<arguments.length;i++){var c=arguments[i];
  if(c==null)continue;parent.appendChild(typeof c==='string'?document.createTextNode(c):c);}return parent;}
function badge(status){return el('span','badge s-'+status,status);}
var columns;
function load(data){
  D=data;S=D.strings;T=D.texts;ST=D.statuses;
  rows=D.rows.map(function(r,i){
    var rec=D.records[r[1]];
    return {i:i,r:r,system:D.systems[r[0]],query:str(rec[0]),sq:str(r[2]),kind:str(r[3]),
      importance:r[4]?'vital':'okay',awe:!!r[5],lost:str(r[6]),
      stages:r[7].map(function(s){return s<0?'':ST[s];}),answer:ST[r[8]],reason:txt(r[10])};
  });
  var byKey={};groups=[];
  rows.forEach(function(row){var k=row.query+'\u0000'+row.sq,g=byKey[k];
    if(!g){g=byKey[k]={i:groups.length,query:row.query,sq:row.sq,kind:row.kind,importance:row.importance,
      rows:D.systems.map(function(){return null;})};groups.push(g);}
    g.rows[row.r[0]]=row;});
  shown=rows;setColumns();
}
function setColumns(){
  var head=[['query','query'],['sq','sub-question'],['kind','kind'],['importance','importance']];
  columns=state.grouped?head.concat(D.systems.map(function(name,k){return ['sys'+k,name+': answer · lost at · reason'];}))
    :[['system','system']].concat(head)
    .concat(D.stages.map(function(name,k){return ['stage'+k,name];}))
    .concat([['answer','answer'],['lost','lost at'],['awe','no evidence'],['reason','reason']]);
}
function key(row,col){
  if(col.slice(0,3)==='sys'){var r=row.rows[+col.slice(3)];return r&&r.answer in SEVERITY?SEVERITY[r.answer]:9;}
  if(col.slice(0,5)==='stage'){var s=row.stages[+col.slice(5)];return s in SEVERITY?SEVERITY[s]:9;}
  if(col==='answer')return row.answer in SEVERITY?SEVERITY[row.answer]:9;
  if(col==='lost'){var k=D.stages.indexOf(row.lost);return row.lost?(k<0?D.stages.length:k):99;}
  if(col==='awe')return row.awe?0:1;
  return row[col];
}
var state={sort:null,dir:1,page:0,open:{},grouped:false};
function value(id){return document.getElementById(id).value;}
function matches(row,f){
  if(f.system&&row.system!==f.system)return false;
  if(f.kind&&row.kind!==f.kind)return false;
  if(f.importance&&row.importance!==f.importance)return false;
  if(f.lost){if(f.lost==='(not lost)'?row.lost:row.lost!==f.lost)return false;}
  if(f.status){var p=f.status.split(':'),what=p[0],st=p.slice(1).join(':');
    if(what==='flag'){if(!row.awe)return false;}
    else if(what==='answer'){if(row.answer!==st)return false;}
    else if(what==='stage'){if(row.stages[+p[1]]!==p[2])return false;}}
  if(f.text&&(row.query+' '+row.sq).toLowerCase().indexOf(f.text)<0)return false;
  return true;
}
function apply(){
  var f={system:value('filter-system'),kind:value('filter-kind'),importance:value('filter-importance'),
    status:value('filter-status'),lost:value('filter-lost'),text:value('filter-text').trim().toLowerCase()};
  shown=state.grouped?groups.filter(function(g){return g.rows.some(function(row){return row&&matches(row,f);});})
    :rows.filter(function(row){return matches(row,f);});
  if(state.sort){var c=state.sort,d=state.dir;
    shown=shown.slice().sort(function(a,b){var x=key(a,c),y=key(b,c);return x<y?-d:x>y?d:a.i-b.i;});}
  state.page=0;render();
}
function render(){
  var body=document.querySelector('#rows tbody'),pages=Math.max(1,Math.ceil(shown.length/PAGE));
  if(state.page>=pages)state.page=pages-1;
  var start=state.page*PAGE,frag=document.createDocumentFragment();
  shown.slice(start,start+PAGE).forEach(function(row){
    var tr=el('tr','row');tr.dataset.row=row.i;tr.tabIndex=0;
    if(state.grouped){groupCells(tr,row);}else{
    add(tr,el('td',null,row.system),el('td',null,row.query),el('td',null,row.sq),el('td',null,row.kind),
      el('td',null,row.importance));
    row.stages.forEach(function(s){add(tr,add(el('td'),s?badge(s):'–'));});
    add(tr,add(el('td'),badge(row.answer)),el('td',null,row.lost),el('td',null,row.awe?'yes':''),
      el('td','reason',row.reason));}
    frag.appendChild(tr);
    if(state.open[row.i]){frag.appendChild(detailRow(row));}
  });
  body.textContent='';body.appendChild(frag);
  document.getElementById('page-info').textContent=shown.length?
    'rows '+(start+1)+'–'+Math.min(start+PAGE,shown.length)+' of '+shown.length+' (page '+(state.page+1)+' of '+pages+')'
    :'no sub-question matches these filters';
  document.getElementById('page-prev').disabled=state.page===0;
  document.getElementById('page-next').disabled=state.page>=pages-1;
}
function groupCells(tr,g){
  tr.classList.add('side-by-side');
  add(tr,el('td',null,g.query),el('td',null,g.sq),el('td',null,g.kind),el('td',null,g.importance));
  g.rows.forEach(function(row){var td=el('td','reason');
    if(!row){add(tr,add(td,'–'));return;}
    add(td,badge(row.answer),row.lost?el('span','lost',' lost at '+row.lost):null,row.reason?el('div',null,row.reason):null);
    tr.appendChild(td);});
}
function detailRow(row){
  var tr=el('tr','detail'),td=el('td');td.colSpan=columns.length;tr.appendChild(td);
  (state.grouped?row.rows:[row]).forEach(function(r){if(r)td.appendChild(detail(r));});
  return tr;
}
function marked(text,ranges,cuts){
  var points=[0,text.length];
  ranges.forEach(function(r){points.push(Math.max(0,Math.min(r.s,text.length)),Math.max(0,Math.min(r.e,text.length)));});
  (cuts||[]).forEach(function(c){points.push(Math.max(0,Math.min(c.at,text.length)));});
  points=points.filter(function(p,i,a){return a.indexOf(p)===i;}).sort(function(a,b){return a-b;});
  var out=el('span','text');
  points.forEach(function(p,i){
    (cuts||[]).forEach(function(c){if(Math.max(0,Math.min(c.at,text.length))===p){
      var m=el('span','cut','✂');m.title=c.title;out.appendChild(m);}});
    if(i===points.length-1)return;
    var q=points[i+1],piece=text.slice(p,q),cls=[],titles=[];
    ranges.forEach(function(r){if(r.s<=p&&r.e>=q&&r.e>r.s){cls.push(r.cls);if(r.title)titles.push(r.title);}});
    if(!cls.length){out.appendChild(document.createTextNode(piece));return;}
    var m=el('mark',cls.join(' '),piece);if(titles.length)m.title=titles.join('; ');out.appendChild(m);
  });
  return out;
}
function goldSpans(ann){return ann?ann[2]:[];}
function stageBlock(row,k,s,rec,ann){
  var li=el('li'),name=D.stages[k];
  add(li,el('b',null,name+': '),badge(ST[s[0]]),' '+s[1]+' of '+s[2]+' spans found');
  var matchesList=s[4]||[],problems=s[5]||[],stageKey=String(S.indexOf(name));
  if(typeof rec[3]==='string')rec[3]=JSON.parse(rec[3]);
  var items=(rec[3]||{})[stageKey]||{},byItem={},snapshot=[];
  matchesList.forEach(function(m){
    var pieces=Array.isArray(m[0])?m[0]:[[m[0],m[1],m[2]]];
    if(m[3]===1){snapshot.push(m);return;}
    pieces.forEach(function(p){(byItem[p[0]]=byItem[p[0]]||[]).push({s:p[1],e:p[2],cls:'ev',
      title:'span '+m[6]+' of alternative '+m[7]+' · '+str(m[4])+' '+m[5]+' · item characters '+p[1]+'–'+p[2]});});
  });
  snapshot.forEach(function(m){
    var span=(goldSpans(ann)[m[7]]||[])[m[6]];
    add(li,add(el('div','match'),'item '+m[0]+': matched by '+str(m[4])+' in the snapshot\u2019s '+
      (span?str(span[0]):'document')+', item characters '+m[1]+'–'+m[2]+(span?': ':''),span?el('q',null,txt(span[3])):null));
  });
  var gold=[];goldSpans(ann).forEach(function(alt){alt.forEach(function(sp){gold.push(sp);});});
  var goldDocs={},pointed={};gold.forEach(function(sp){goldDocs[str(sp[0])]=1;});
  matchesList.forEach(function(m){(Array.isArray(m[0])?m[0].map(function(p){return p[0];}):[m[0]])
    .forEach(function(i){pointed[i]=1;});});
  problems.forEach(function(p){pointed[p[0]]=1;});
  Object.keys(items).filter(function(index){return pointed[index]||goldDocs[str(items[index][0])];})
    .sort(function(a,b){return a-b;}).forEach(function(index){
    var it=items[index],text=txt(it[1]),doc=str(it[0]),cuts=[];
    if(it[2]!=null&&it[3]!=null){var end=Math.min(it[3],it[2]+text.length);gold.forEach(function(sp){
      if(str(sp[0])!==doc)return;
      if(sp[1]<end&&end<sp[2])cuts.push({at:end-it[2],title:'cut at item character '+(end-it[2])+
        ' (document character '+end+' of '+doc+'): the evidence runs to document character '+sp[2]});
      if(sp[1]<it[2]&&it[2]<sp[2])cuts.push({at:0,title:'starts at item character 0 (document character '+it[2]+
        ' of '+doc+'): the evidence starts at document character '+sp[1]});});}
    var head='item '+index+(doc?' · '+doc:'')+' · item characters 0–'+text.length+
      (it[2]!=null?' (document characters '+it[2]+'–'+it[3]+')':'')+
      (it[2]!=null&&it[3]!=null&&text.length<it[3]-it[2]?' (its text holds only '+text.length+')':'');
    var where=(byItem[index]||[]).map(function(r){return 'item characters '+r.s+'–'+r.e;});
    add(li,add(el('blockquote'),el('div','item-head',head+(cuts.length?' · cut inside the evidence':'')),
      where.length?el('div','where','evidence at '+where.join(', ')):null,
      marked(text,byItem[index]||[],cuts)));
  });
  problems.forEach(function(p){add(li,el('div','problem','item '+p[0]+': '+str(p[1])+(txt(p[2])?': '+txt(p[2]):'')));});
  return li;
}
function factLine(f,annFacts){
  var status=ST[f[1]],div=el('div','fact'),expected='';
  (annFacts||[]).forEach(function(a){if(a[0]===f[0])expected=txt(a[1])+(a[2]?' (negated)':'');});
  add(div,el('b',null,str(f[0])),expected?' “'+expected+'” ':' ',badge(status));
  if(status==='found'||status==='uncertain')add(div,' wording match '+f[2]+(f[3]!=null?' · support '+f[3]:''));
  if(txt(f[6]))add(div,' — '+txt(f[6]));
  if(f[7].length){var ul=el('ul','tokens');f[7].forEach(function(c){
    var st=ST[c[1]]||'?';add(ul,add(el('li','tok t-'+st),el('b',null,str(c[0])),' '+st+(str(c[2])?': “'+str(c[2])+'”':'')+
      (c[3]!=null?' (answer characters '+c[3]+'–'+c[4]+')':'')));});
    div.appendChild(ul);}
  return div;
}
function detail(row){
  var r=row.r,rec=D.records[r[1]],qa=D.annotations[row.query],ann=qa?qa[1][row.sq]:null;
  var box=el('div','drill');
  add(box,el('h4',null,row.system+' · '+row.query+' · '+row.sq+' ('+row.kind+', '+row.importance+')'));
  if(qa)add(box,add(el('p'),el('b',null,'query: '),txt(qa[0])));
  if(ann){add(box,add(el('p'),el('b',null,'sub-question: '),txt(ann[0])));
    if(ann[1].length){var ul=el('ul');ann[1].forEach(function(f){add(ul,el('li',null,str(f[0])+': '+txt(f[1])+(f[2]?' (negated)':'')));});
      add(box,el('b',null,'expected facts'),ul);}
    ann[2].forEach(function(alt,a){var ol=el('ul');alt.forEach(function(sp){
      add(ol,add(el('li'),str(sp[0])+', document characters '+sp[1]+'–'+sp[2]+': ',el('q',null,txt(sp[3]))));});
      add(box,el('b',null,'gold quotes, alternative '+a),ol);});}
  if(str(rec[1])==='missing')add(box,el('p','problem','no trace for this query'));
  var stages=el('ul','stages');
  if(!row.d)row.d=JSON.parse(r[9]);
  row.d[0].forEach(function(s,k){if(s)stages.appendChild(stageBlock(row,k,s,rec,ann));});
  box.appendChild(stages);
  var a=row.d[1],answer=el('div','answer');
  var needed=a[2],found=a[1];
  add(answer,el('b',null,'answer: '),badge(ST[a[0]]),
    ' facts needed: '+needed+' · stated: '+found+(a[3]!=null?' · graded '+a[3]:''));
  var ranges=[];
  a[4].forEach(function(f){var st=ST[f[1]];
    if(f[4]!=null&&f[5]!=null&&st!=='missing')ranges.push({s:f[4],e:f[5],cls:'f-'+st,
      title:str(f[0])+': '+st+' · answer characters '+f[4]+'–'+f[5]});
    f[7].forEach(function(c){if(c[3]!=null&&c[4]!=null)ranges.push({s:c[3],e:c[4],cls:'t-'+(ST[c[1]]||'x'),title:str(c[0])+': '+(ST[c[1]]||'')});});});
  if(rec[2]>=0)add(answer,add(el('blockquote'),marked(txt(rec[2]),ranges)));
  a[4].forEach(function(f){answer.appendChild(factLine(f,ann?ann[1]:null));});
  box.appendChild(answer);
  return box;
}
function header(){
  var tr=document.querySelector('#rows thead tr');tr.textContent='';
  columns.forEach(function(c){var th=el('th','sortable',c[1]);th.dataset.col=c[0];
    th.addEventListener('click',function(){
      state.dir=state.sort===c[0]?-state.dir:1;state.sort=c[0];
      document.querySelectorAll('#rows th').forEach(function(h){h.removeAttribute('aria-sort');});
      th.setAttribute('aria-sort',state.dir>0?'ascending':'descending');apply();});
    tr.appendChild(th);});
}
function readout(){
  var cells=[];document.querySelectorAll('[data-funnel]').forEach(function(c){
    cells.push({system:c.dataset.system,group:c.dataset.group,stage:c.dataset.stage,
      count:Number(c.dataset.count),total:Number(c.dataset.total)});});
  document.getElementById('funnel-readout').textContent=JSON.stringify(cells);
}
function init(){
  header();
  ['filter-system','filter-kind','filter-importance','filter-status','filter-lost'].forEach(function(id){
    document.getElementById(id).addEventListener('change',apply);});
  document.getElementById('filter-text').addEventListener('input',apply);
  document.getElementById('group-sq').addEventListener('change',function(e){
    state.grouped=e.target.checked;state.sort=null;state.open={};setColumns();header();apply();});
  document.getElementById('page-prev').addEventListener('click',function(){state.page--;render();});
  document.getElementById('page-next').addEventListener('click',function(){state.page++;render();});
  document.querySelector('#rows tbody').addEventListener('click',function(e){
    var tr=e.target.closest('tr.row');if(!tr)return;var i=+tr.dataset.row;
    if(state.open[i])delete state.open[i];else state.open[i]=1;render();});
  document.querySelectorAll('a.count').forEach(function(a){a.addEventListener('click',function(){
    ['filter-kind','filter-importance','filter-lost','filter-text'].forEach(function(id){document.getElementById(id).value='';});
    document.getElementById('filter-system').value=a.dataset.system;
    document.getElementById('filter-status').value=a.dataset.status;apply();});});
  readout();apply();
  document.body.dataset.renderedMs=String(Math.round(performance.now()));
  requestAnimationFrame(function(){setTimeout(function(){
    document.body.dataset.paintedMs=String(Math.round(performance.now()));
    if(location.hash==='#selftest')selftest();},0);});
}
function selftest(){
  var result={rows:rows.length,pageRows:document.querySelectorAll('#rows tr.row').length,
    info:document.getElementById('page-info').textContent};
  var first=document.querySelector('#rows tr.row');
  if(first){first.querySelector('td').click();
    var d=document.querySelector('#rows tr.detail');result.detailOpened=!!d;result.detail=d?d.textContent:'';
    result.marks=d?d.querySelectorAll('mark').length:0;result.cuts=d?d.querySelectorAll('.cut').length:0;}
  document.getElementById('page-next').click();result.infoAfterNext=document.getElementById('page-info').textContent;
  var links=Array.prototype.filter.call(document.querySelectorAll('a.count[data-status="answer:contradicted"]'),
    function(a){return Number(a.querySelector('b').textContent)>0;});
  if(links.length){links[0].click();result.afterLink=document.getElementById('page-info').textContent;
    var row=document.querySelector('#rows tr.row');
    if(row){row.querySelector('td').click();var c=document.querySelector('#rows tr.detail');
      result.contradictedDetail=c?c.textContent:'';result.contradictedCuts=c?c.querySelectorAll('.cut').length:0;}}
  result.header=Array.prototype.map.call(document.querySelectorAll('#rows th'),function(th){return th.textContent;});
  ['filter-system','filter-status'].forEach(function(id){document.getElementById(id).value='';});
  document.getElementById('group-sq').click();
  result.groupedHeader=Array.prototype.map.call(document.querySelectorAll('#rows th'),function(th){return th.textContent;});
  result.groupedInfo=document.getElementById('page-info').textContent;
  var group=document.querySelector('#rows tr.row');
  if(group){result.groupedRow=group.textContent;group.querySelector('td').click();
    var gd=document.querySelector('#rows tr.detail');result.groupedDetails=gd?gd.querySelectorAll('.drill').length:0;}
  document.getElementById('group-sq').click();
  result.ungroupedInfo=document.getElementById('page-info').textContent;
  result.funnel=document.getElementById('funnel-readout').textContent;
  result.renderedMs=Number(document.body.dataset.renderedMs);
  result.paintedMs=Number(document.body.dataset.paintedMs);
  result.lang=document.documentElement.lang;
  document.getElementById('selftest').textContent=JSON.stringify(result);
}
function start(){
  var node=document.getElementById('report-data');
  if(node.dataset.encoding!=='gzip+base64'){load(JSON.parse(node.textContent));init();return;}
  var marks=document.body.dataset;marks.startMs=String(Math.round(performance.now()));
  fetch('data:application/octet-stream;base64,'+node.textContent)
    .then(function(response){return new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).text();})
    .then(function(text){marks.inflatedMs=String(Math.round(performance.now()));var data=JSON.parse(text);
      marks.parsedMs=String(Math.round(performance.now()));load(data);init();})
    .catch(function(e){document.getElementById('page-info').textContent='this browser cannot read the compressed data: '+e;});
}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',start);else start();
})();
"""
